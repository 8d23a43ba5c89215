import type { NavigateFunction } from 'react-router';
import { confirmDiscard } from '../../components/unsavedChanges';
import { HOME_TAB, tabsAfterClose, useTabs, type CloseKind } from '../../stores/tabs';
import { queryClient } from '../queryClient';
import { REDIRECT_PREFIX } from '../routes';

// Spec section 9: drag-sort defaults.
export const DRAG_DEFAULTS = { pressThreshold: 5, transitionMs: 300, autoScrollStep: 10 } as const;

// Reload (tab menu, breadcrumb Refresh): the tab's screen mounts afresh and goes to the server even for data read a
// moment ago (every cached query is marked stale, so the new mount refetches); the current tab passes through the
// Redirect route.
export function reloadTab(fullPath: string, current: string, navigate: NavigateFunction): void {
  void queryClient.invalidateQueries({ refetchType: 'none' });
  useTabs.getState().bump(fullPath);
  if (fullPath === current) navigate(`${REDIRECT_PREFIX}${encodeURIComponent(fullPath)}`, { replace: true });
}

// Closes tabs, once their screens' unsaved changes may go; when the current one goes, opens the nearest remaining
// tab (the home tab at worst).
export async function closeTabs(
  kind: CloseKind,
  target: string,
  current: string,
  navigate: NavigateFunction,
): Promise<void> {
  const before = useTabs.getState().tabs;
  const left = new Set(tabsAfterClose(before, kind, target).map((t) => t.fullPath));
  if (!(await confirmDiscard(before.filter((t) => !left.has(t.fullPath)).map((t) => t.fullPath)))) return;
  const after = useTabs.getState().close(kind, target);
  if (after.some((t) => t.fullPath === current)) return;
  const index = before.findIndex((t) => t.fullPath === current);
  const fallback = after[Math.min(index, after.length - 1)] ?? HOME_TAB;
  navigate(fallback.fullPath);
}
