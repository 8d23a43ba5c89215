import { useTranslation } from 'react-i18next';
import type { ComponentKey } from '@study-crm/shared';
import { useSession } from '../../stores/session';
import { useSettings } from '../../stores/settings';
import { resolvePath, type Resolution } from '../access';
import { SCREENS } from '../screens';

export type PageInfo = {
  resolution: Resolution;
  titleKey: string;
  fallbackTitle: string;
  // Breadcrumb items: `label` or `label:RouteName`.
  breadcrumb: string[];
  ignoreCache: boolean;
  // Whether a visit opens a tab.
  tabbable: boolean;
};

// Roles used for local route checks: the active role when one is chosen (role switching).
export function useRoles(): string[] {
  const roleArr = useSession((s) => s.roleArr);
  const activeRole = useSession((s) => s.activeRole);
  return activeRole ? [activeRole] : roleArr;
}

export function describePath(resolution: Resolution): Omit<PageInfo, 'resolution'> {
  switch (resolution.kind) {
    case 'fixed':
      return {
        titleKey: resolution.route.titleKey,
        fallbackTitle: resolution.route.name,
        // The home screen's own breadcrumb is one item, not "Home / Home".
        breadcrumb:
          resolution.route.breadcrumb[0] === 'menu.home'
            ? [...resolution.route.breadcrumb]
            : ['menu.home:Home', ...resolution.route.breadcrumb],
        ignoreCache: Boolean(resolution.route.meta.ignoreCache),
        tabbable: true,
      };
    case 'menu': {
      const { item, parents } = resolution.route;
      return {
        titleKey: `menu.${item.name}`,
        fallbackTitle: item.title,
        breadcrumb: ['menu.home:Home', ...parents.map((p) => `menu.${p.name}`), `menu.${item.name}`],
        ignoreCache: false,
        tabbable: true,
      };
    }
    case 'notFound':
      // Shown in place, never as a tab.
      return { titleKey: 'common.notFound', fallbackTitle: '404', breadcrumb: [], ignoreCache: true, tabbable: false };
    case 'forbidden':
      return {
        titleKey: 'frame.forbiddenTitle',
        fallbackTitle: '403',
        breadcrumb: [],
        ignoreCache: true,
        tabbable: false,
      };
    default:
      return { titleKey: '', fallbackTitle: '', breadcrumb: [], ignoreCache: true, tabbable: false };
  }
}

export function usePageInfo(pathname: string): PageInfo {
  const menuFromServer = useSettings((s) => s.menuFromServer);
  const serverMenu = useSession((s) => s.serverMenu);
  const roles = useRoles();
  const resolution = resolvePath({ pathname, menuFromServer, serverMenu, roles });
  return { resolution, ...describePath(resolution) };
}

// Fallback titles for menu.<name> keys the locale bundles lack: the server's titles.
export function useTitle() {
  const { t } = useTranslation();
  return (key: string, fallback: string) => (key ? t(key, { defaultValue: fallback }) : fallback);
}

export const screenOf = (component: string | null) => (component ? SCREENS[component as ComponentKey] : undefined);
