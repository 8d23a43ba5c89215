import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { HOME_PATH } from '../paths';

export type Tab = {
  // path + query: the identity of a tab and of its cached screen.
  fullPath: string;
  // Locale key of the title and the server's title when the key is missing.
  titleKey: string;
  fallbackTitle: string;
  ignoreCache: boolean;
  // A title the screen gave itself (a student's name, "New application"); shown instead of the page name.
  title?: string;
};

// Spec section 2: the bar starts with the home (application list) tab, which cannot be closed.
export const HOME_TAB: Tab = {
  fullPath: HOME_PATH,
  titleKey: 'menu.applicationList',
  fallbackTitle: 'applicationList',
  ignoreCache: false,
};

export type CloseKind = 'current' | 'left' | 'right' | 'others' | 'all';

type TabsState = {
  tabs: Tab[];
  open: (tab: Tab) => void;
  // Closes tabs relative to `fullPath`; returns the tabs left.
  close: (kind: CloseKind, fullPath: string) => Tab[];
  move: (from: string, to: string) => void;
  rename: (fullPath: string, title: string | undefined) => void;
  reset: () => void;
  // Reload: a new version remounts the tab's cached screen.
  versions: Record<string, number>;
  bump: (fullPath: string) => void;
};

const withHome = (tabs: Tab[]) => [HOME_TAB, ...tabs.filter((t) => t.fullPath !== HOME_TAB.fullPath)];

// The tabs left after closing `kind` relative to `fullPath` (the home tab always stays).
export function tabsAfterClose(tabs: Tab[], kind: CloseKind, fullPath: string): Tab[] {
  const i = tabs.findIndex((t) => t.fullPath === fullPath);
  const keep = (t: Tab, j: number) => {
    if (t.fullPath === HOME_TAB.fullPath) return true;
    switch (kind) {
      case 'current':
        return t.fullPath !== fullPath;
      case 'left':
        return i === -1 || j >= i;
      case 'right':
        return i === -1 || j <= i;
      case 'others':
        return t.fullPath === fullPath;
      case 'all':
        return false;
    }
  };
  return withHome(tabs.filter(keep));
}

// Open tabs survive a browser reload (session storage: per browser tab, gone when it closes).
export const useTabs = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: [HOME_TAB],
      open(tab) {
        const tabs = get().tabs;
        const i = tabs.findIndex((t) => t.fullPath === tab.fullPath);
        if (i === -1) set({ tabs: withHome([...tabs, tab]) });
        else if (tabs[i]!.titleKey !== tab.titleKey || tabs[i]!.fallbackTitle !== tab.fallbackTitle) {
          set({ tabs: tabs.map((t, j) => (j === i ? tab : t)) });
        }
      },
      close(kind, fullPath) {
        const next = tabsAfterClose(get().tabs, kind, fullPath);
        set({ tabs: next });
        return next;
      },
      move(from, to) {
        const tabs = [...get().tabs];
        const a = tabs.findIndex((t) => t.fullPath === from);
        const b = tabs.findIndex((t) => t.fullPath === to);
        // The home tab stays first.
        if (a <= 0 || b <= 0) return;
        const [moved] = tabs.splice(a, 1);
        tabs.splice(b, 0, moved!);
        set({ tabs });
      },
      rename(fullPath, title) {
        const tabs = get().tabs;
        if (!tabs.some((t) => t.fullPath === fullPath && t.title !== title)) return;
        set({ tabs: tabs.map((t) => (t.fullPath === fullPath ? { ...t, title } : t)) });
      },
      reset: () => set({ tabs: [HOME_TAB] }),
      versions: {},
      bump: (fullPath) => set((s) => ({ versions: { ...s.versions, [fullPath]: (s.versions[fullPath] ?? 0) + 1 } })),
    }),
    {
      name: 'sadmin-tabs',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ tabs: s.tabs }),
      merge: (persisted, current) => ({
        ...current,
        tabs: withHome(((persisted as { tabs?: Tab[] } | undefined)?.tabs ?? []).filter((t) => t?.fullPath)),
      }),
    },
  ),
);
