import type { ComponentKey } from '@study-crm/shared';
import { homeScreen } from './homeScreen';
import { lazyScreen, type LazyScreen } from './lazyScreen';
import type { LocaleBundle } from '../locales/types';

// A screen with a record's History (decision 180): its strings and the log's, which name the History's modules,
// actions and sections, loaded side by side.
const withHistory =
  (strings: () => Promise<Record<string, LocaleBundle>>) => async (): Promise<Record<string, LocaleBundle>> => {
    const [own, audit] = await Promise.all([strings(), import('../pages/audit/locale')]);
    return { ...own, ...audit };
  };

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
    withHistory(() => import('../pages/access/locale')),
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
  // With the strings of the forms whose labels name an entry's fields (operationLogScreen.ts).
  operationLog: lazyScreen(
    () => import('../pages/audit/OperationLog'),
    () => import('./operationLogScreen').then((m) => m.strings()),
  ),
  accountList: lazyScreen(
    () => import('../pages/employee/AccountList'),
    () => import('../pages/employee/locale'),
  ),
  employeeProfile: lazyScreen(
    () => import('../pages/employee/EmployeeProfile'),
    withHistory(() => import('../pages/employee/locale')),
  ),
  applicationList: homeScreen,
  applicationDetail: lazyScreen(
    () => import('../pages/application/detail/ApplicationDetail'),
    withHistory(async () => ({
      ...(await import('../pages/application/locale')),
      ...(await import('../pages/application/choiceLocale')),
    })),
  ),
  userFollow: lazyScreen(
    () => import('../pages/application/UserFollow'),
    () => import('../pages/application/locale'),
  ),
  transactions: lazyScreen(
    () => import('../pages/payment/Transactions'),
    withHistory(() => import('../pages/payment/locale')),
  ),
  // The application header above it needs the application strings too.
  userTransactions: lazyScreen(
    () => import('../pages/payment/UserTransactions'),
    withHistory(async () => ({
      ...(await import('../pages/payment/locale')),
      ...(await import('../pages/application/locale')),
    })),
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
    withHistory(() => import('../pages/message/locale')),
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
