import type { ComponentKey } from '@study-crm/shared';
import { homeScreen } from './homeScreen';
import { lazyScreen, type LazyScreen } from './lazyScreen';
import type { LocaleBundle } from '../locales/types';

// Component key (spec section 2) → lazily loaded screen with its folder's strings. One entry per screen; a key missing here
// renders the not-found screen.
export const SCREENS: Partial<Record<ComponentKey, LazyScreen>> = {
  projectList: lazyScreen(
    () => import('../pages/project/ProjectList'),
    () => import('../pages/project/locale'),
  ),
  taskList: lazyScreen(
    () => import('../pages/task/TaskList'),
    () => import('../pages/task/locale'),
  ),
  contributionList: lazyScreen(
    () => import('../pages/task/ContributionList'),
    () => import('../pages/task/locale'),
  ),
  kpiTypeList: lazyScreen(
    () => import('../pages/task/KpiTypeList'),
    () => import('../pages/task/locale'),
  ),
  configManage: lazyScreen(
    () => import('../pages/systemSetup/configManage/ConfigManage'),
    () => import('../pages/systemSetup/locale'),
  ),
  admissionsCycles: lazyScreen(
    () => import('../pages/systemSetup/admissionsCycles/AdmissionsCycles'),
    () => import('../pages/systemSetup/locale'),
  ),
  visaStages: lazyScreen(
    () => import('../pages/systemSetup/visaStages/VisaStages'),
    () => import('../pages/systemSetup/locale'),
  ),
  dataRequests: lazyScreen(
    () => import('../pages/privacy/DataRequests'),
    () => import('../pages/privacy/locale'),
  ),
  dictManage: lazyScreen(
    () => import('../pages/systemSetup/dictManage/DictManage'),
    () => import('../pages/systemSetup/locale'),
  ),
  sysTagManage: lazyScreen(
    () => import('../pages/systemSetup/sysTagManage/TagManage'),
    () => import('../pages/systemSetup/locale'),
  ),
  labels: lazyScreen(
    () => import('../pages/systemSetup/labels/LabelManage'),
    () => import('../pages/systemSetup/locale'),
  ),
  roleManage: lazyScreen(
    () => import('../pages/access/RoleManagePage'),
    async () => ({ ...(await import('../pages/access/locale')), ...(await import('../pages/audit/locale')) }),
  ),
  menuManage: lazyScreen(
    () => import('../pages/access/MenuManagePage'),
    () => import('../pages/access/locale'),
  ),
  employeeList: lazyScreen(
    () => import('../pages/employee/EmployeeList'),
    () => import('../pages/employee/locale'),
  ),
  contentManage: lazyScreen(
    () => import('../pages/content/ContentManage'),
    () => import('../pages/content/locale'),
  ),
  merchantSettings: lazyScreen(
    () => import('../pages/content/MerchantSettings'),
    () => import('../pages/content/locale'),
  ),
  // An entry's fields are named with the labels of its record's form (decision 248): those forms' strings come along.
  operationLog: lazyScreen(
    () => import('../pages/audit/OperationLog'),
    () =>
      Promise.all([
        import('../pages/audit/locale'),
        import('../pages/application/locale'),
        import('../pages/application/choiceLocale'),
        import('../pages/payment/locale'),
        import('../pages/employee/locale'),
        import('../pages/access/locale'),
        import('../pages/message/locale'),
        import('../pages/systemSetup/locale'),
      ]).then((bundles) => Object.assign({}, ...bundles) as Record<string, LocaleBundle>),
  ),
  accountList: lazyScreen(
    () => import('../pages/employee/AccountList'),
    () => import('../pages/employee/locale'),
  ),
  employeeProfile: lazyScreen(
    () => import('../pages/employee/EmployeeProfile'),
    async () => ({ ...(await import('../pages/employee/locale')), ...(await import('../pages/audit/locale')) }),
  ),
  applicationList: homeScreen,
  applicationDetail: lazyScreen(
    () => import('../pages/application/detail/ApplicationDetail'),
    () =>
      Promise.all([
        import('../pages/application/locale'),
        import('../pages/application/choiceLocale'),
        // The record's history drawer (decision 180) names modules, actions and sections with the log's strings.
        import('../pages/audit/locale'),
      ]).then(([base, choice, audit]) => ({ ...base, ...choice, ...audit })),
  ),
  userFollow: lazyScreen(
    () => import('../pages/application/UserFollow'),
    () => import('../pages/application/locale'),
  ),
  transactions: lazyScreen(
    () => import('../pages/payment/Transactions'),
    async () => ({ ...(await import('../pages/payment/locale')), ...(await import('../pages/audit/locale')) }),
  ),
  // The application header above it needs the application strings too.
  userTransactions: lazyScreen(
    () => import('../pages/payment/UserTransactions'),
    async () => ({
      ...(await import('../pages/payment/locale')),
      ...(await import('../pages/application/locale')),
      ...(await import('../pages/audit/locale')),
    }),
  ),
  tracks: lazyScreen(
    () => import('../pages/payment/Tracks'),
    () => import('../pages/payment/locale'),
  ),
  userFiles: lazyScreen(
    () => import('../pages/application/UserFiles'),
    () => import('../pages/application/locale'),
  ),
  emailManage: lazyScreen(
    () => import('../pages/message/EmailManage'),
    () => import('../pages/message/locale'),
  ),
  emailSenderManage: lazyScreen(
    () => import('../pages/message/EmailSenderManage'),
    () => import('../pages/message/locale'),
  ),
  templateManage: lazyScreen(
    () => import('../pages/message/TemplateManage'),
    async () => ({ ...(await import('../pages/message/locale')), ...(await import('../pages/audit/locale')) }),
  ),
  noticeManage: lazyScreen(
    () => import('../pages/notice/NoticeManage'),
    () => import('../pages/notice/locale'),
  ),
  feedback: lazyScreen(
    () => import('../pages/feedback/FeedbackList'),
    () => import('../pages/feedback/locale'),
  ),
  smsManage: lazyScreen(
    () => import('../pages/sms/SmsManage'),
    () => import('../pages/sms/locale'),
  ),
};
