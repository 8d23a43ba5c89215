import { createContext, useContext } from 'react';

// Whether the screen around this component is the one shown. Tabs keep hidden screens mounted; a hidden screen
// must not write the address bar. Outside the tab host (tests, single screens) a screen counts as shown.
export const ScreenActiveContext = createContext(true);

export const useScreenActive = () => useContext(ScreenActiveContext);
