import type { NavigateFunction } from 'react-router';
import { confirmDiscard } from '../../components/unsavedChanges';
import { navTree, type NavItem } from '../../navigation/menu';
import { HOME_PATH } from '../../paths';
import { PROFILE_MENU, useSession } from '../../stores/session';
import { useSettings } from '../../stores/settings';
import { HOME_TAB, tabsAfterClose, useTabs, type CloseKind, type Tab } from '../../stores/tabs';
import { resolvePath } from '../access';
import { queryClient } from '../queryClient';
import { isKnownScreen, LOCAL_MENU, REDIRECT_PREFIX } from '../routes';
import { describePath } from './useResolution';

// Spec section 9: drag-sort defaults.
export const DRAG_DEFAULTS = { pressThreshold: 5, transitionMs: 300, autoScrollStep: 10 } as const;

// Reload (tab menu, breadcrumb Refresh): the tab's screen mounts afresh and goes to the server even for data read a
// moment ago (every cached query is marked stale, so the new mount refetches), and is shown: the tab passes through
// the Redirect route. Another tab's Reload goes to that tab (a history entry, as a click on it), so it also draws a
// tab whose screen was never mounted since the browser reloaded (tabs restored from storage; issue 36.8).
export function reloadTab(fullPath: string, current: string, navigate: NavigateFunction): void {
  void queryClient.invalidateQueries({ refetchType: 'none' });
  useTabs.getState().bump(fullPath);
  navigate(`${REDIRECT_PREFIX}${encodeURIComponent(fullPath)}`, { replace: fullPath === current });
}

// What the frame shows at a screen's path (the query aside) for the member as the role they act as now.
function resolveNow(fullPath: string) {
  const { serverMenu, activeRole, roleArr } = useSession.getState();
  return resolvePath({
    pathname: fullPath.split('?')[0]!,
    menuFromServer: useSettings.getState().menuFromServer,
    serverMenu,
    roles: activeRole ? [activeRole] : roleArr,
  });
}

const canOpen = (fullPath: string) => ['menu', 'fixed'].includes(resolveNow(fullPath).kind);

// The first screen the member can open now: the home tab's, else the first of the side menu, in its order.
export function firstOpenScreen(): string | undefined {
  if (canOpen(HOME_PATH)) return HOME_PATH;
  const { serverMenu } = useSession.getState();
  const menu = useSettings.getState().menuFromServer ? serverMenu : [...LOCAL_MENU, PROFILE_MENU];
  const leaves = (items: NavItem[]): string[] =>
    items.flatMap((i) => (i.children.length ? leaves(i.children) : [i.key]));
  return leaves(navTree(menu, isKnownScreen)).find(canOpen);
}

export type RoleChange = {
  // The tabs closed because the role cannot open them.
  closed: Tab[];
  // The screen shown instead of the one the role cannot open (its path and title), and that one's tab.
  movedTo?: { fullPath: string; titleKey: string; fallbackTitle: string };
  from?: Tab;
};

// After a role switch (issue 36.5): the tabs the role can no longer open close (the home tab stays, as always), and
// when the shown screen was one of them the first screen the role can open is shown instead of a 403 page.
export function leaveClosedScreens(current: string, navigate: NavigateFunction): RoleChange {
  const { tabs, close } = useTabs.getState();
  const closed = tabs.filter((t) => t.fullPath !== HOME_TAB.fullPath && !canOpen(t.fullPath));
  for (const tab of closed) close('current', tab.fullPath);
  if (canOpen(current)) return { closed };
  const target = firstOpenScreen();
  if (!target) return { closed };
  navigate(target, { replace: true });
  const { titleKey, fallbackTitle } = describePath(resolveNow(target));
  return {
    closed,
    movedTo: { fullPath: target, titleKey, fallbackTitle },
    from: tabs.find((t) => t.fullPath === current),
  };
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
