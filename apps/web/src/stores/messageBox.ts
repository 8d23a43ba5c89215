import { create } from 'zustand';
import type { MessageTab } from '@study-crm/shared';

// The message box's full list (the navbar's "view more"), opened on one tab from anywhere (the dashboard's to-do
// figure); null while closed.
export const useAllMessages = create<{ tab: MessageTab | null; open: (tab: MessageTab) => void; close: () => void }>(
  (set) => ({
    tab: null,
    open: (tab) => set({ tab }),
    close: () => set({ tab: null }),
  }),
);
