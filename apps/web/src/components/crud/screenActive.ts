import { createContext, useContext } from 'react';

// Whether the screen around this component is the one shown. Tabs keep hidden screens mounted; a hidden screen
// must not write the address bar. Outside the tab host (tests, single screens) a screen counts as shown.
export const ScreenActiveContext = createContext(true);

export const useScreenActive = () => useContext(ScreenActiveContext);

// The title of the screen around this component (its tab's title): names the screen's tables (their caption,
// WCAG 1.3.1). Outside the tab host there is none.
export const ScreenTitleContext = createContext<string | undefined>(undefined);

export const useScreenTitle = () => useContext(ScreenTitleContext);
