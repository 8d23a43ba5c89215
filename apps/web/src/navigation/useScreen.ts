import { createContext, useContext, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useSession } from '../stores/session';
import { useTabs } from '../stores/tabs';
import { findRoute } from './menu';

// What a screen may ask of the frame, without importing the frame (which imports the screens).

// Component keys this build has a screen for; the frame provides them (app/screens.ts).
export const ScreenKeysContext = createContext<ReadonlySet<string>>(new Set());

// Whether a path opens a screen: it is in the member's menu and this build has its screen.
export function useCanOpen(): (path: string) => boolean {
  const keys = useContext(ScreenKeysContext);
  const menu = useSession((s) => s.serverMenu);
  return (path) => {
    const component = findRoute(menu, path)?.item.component;
    return Boolean(component && keys.has(component));
  };
}

// Names this screen's tab (and the document title) by its content, e.g. a student's name; undefined keeps the
// menu's name.
export function useTabTitle(title: string | undefined): void {
  const location = useLocation();
  const fullPath = location.pathname + location.search;
  const rename = useTabs((s) => s.rename);
  const known = useTabs((s) => s.tabs.some((t) => t.fullPath === fullPath));
  useEffect(() => {
    if (known) rename(fullPath, title);
  }, [fullPath, title, known, rename]);
}

// The record a screen is opened on, by its address's `?id=` (an application, its follow-ups or files, a project, an
// employee): undefined when absent or not a number.
export function useIdParam(): number | undefined {
  const [search] = useSearchParams();
  return Number(search.get('id')) || undefined;
}
