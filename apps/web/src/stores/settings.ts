import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type Theme = 'dark' | 'light';

export type Settings = {
  theme: Theme;
  colorWeak: boolean;
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  hideMenu: boolean;
  menuCollapse: boolean;
  footer: boolean;
  themeColor: string;
  menuWidth: number;
  device: 'desktop' | 'mobile';
  tabBar: boolean;
  menuFromServer: boolean;
  // Error toasts stay until the member closes them instead of five seconds (WCAG 2.2.1, decision 353).
  keepErrors: boolean;
  // Spec section 3: how many times the member opened XiaoK, the assistant.
  clickChatNum: number;
};

// Spec section 9 defaults.
export const DEFAULT_SETTINGS: Settings = {
  theme: 'dark',
  colorWeak: false,
  navbar: true,
  menu: true,
  topMenu: false,
  hideMenu: false,
  menuCollapse: false,
  footer: true,
  themeColor: '#165DFF',
  menuWidth: 220,
  device: 'desktop',
  tabBar: true,
  menuFromServer: true,
  keepErrors: false,
  clickChatNum: 0,
};

type SettingsState = Settings & {
  update: (patch: Partial<Settings>) => void;
  reset: () => void;
  countChatOpening: () => void;
};

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      update: (patch) => set(patch),
      // Resetting the look keeps the count of XiaoK's openings.
      reset: () => set((s) => ({ ...DEFAULT_SETTINGS, clickChatNum: s.clickChatNum })),
      countChatOpening: () => set((s) => ({ clickChatNum: s.clickChatNum + 1 })),
    }),
    { name: 'sadmin-settings', version: 1 },
  ),
);

export function pickSettings(state: Settings): Settings {
  const out = {} as Record<keyof Settings, unknown>;
  for (const k of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) out[k] = state[k];
  return out as Settings;
}
