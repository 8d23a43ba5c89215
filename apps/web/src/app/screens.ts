import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ComponentKey } from '@study-crm/shared';

type Screen = LazyExoticComponent<ComponentType>;

// Component key (spec section 2) → lazily loaded screen. One line per screen; a key missing here
// renders the not-found screen.
export const SCREENS: Partial<Record<ComponentKey, Screen>> = {
  configManage: lazy(() => import('../pages/systemSetup/configManage/ConfigManage')),
  dictManage: lazy(() => import('../pages/systemSetup/dictManage/DictManage')),
  sysTagManage: lazy(() => import('../pages/systemSetup/sysTagManage/TagManage')),
  labels: lazy(() => import('../pages/systemSetup/labels/LabelManage')),
  roleManage: lazy(() => import('../pages/access/RoleManagePage')),
  menuManage: lazy(() => import('../pages/access/MenuManagePage')),
  employeeList: lazy(() => import('../pages/employee/EmployeeList')),
  employeeProfile: lazy(() => import('../pages/employee/EmployeeProfile')),
  applicationList: lazy(() => import('../pages/application/ApplicationList')),
  applicationDetail: lazy(() => import('../pages/application/detail/ApplicationDetail')),
  userFollow: lazy(() => import('../pages/application/UserFollow')),
  userFiles: lazy(() => import('../pages/application/UserFiles')),
};
