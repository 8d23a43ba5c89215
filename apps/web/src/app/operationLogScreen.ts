import type { ComponentType } from 'react';
import { registerBundle } from '../i18n';
import type { LocaleBundle } from '../locales/types';
import OperationLog from '../pages/audit/OperationLog';

// The operation log names an entry's fields with the labels of its record's form (decision 248): the strings of
// those forms load with the screen's code, here, and are registered before it renders (`load`). The frame's screen
// map names this one module, not each form's strings (decision 255; operationLogScreen.test.ts checks that every
// label and value name of every audited record type is among them and the log's own).
export const FORM_STRINGS: (() => Promise<Record<string, LocaleBundle>>)[] = [
  () => import('../pages/application/locale'),
  () => import('../pages/application/choiceLocale'),
  () => import('../pages/payment/locale'),
  () => import('../pages/employee/locale'),
  () => import('../pages/access/locale'),
  () => import('../pages/message/locale'),
  () => import('../pages/systemSetup/locale'),
  () => import('../pages/notice/locale'),
  () => import('../pages/content/locale'),
  () => import('../pages/feedback/locale'),
  () => import('../pages/project/locale'),
  () => import('../pages/task/locale'),
  () => import('../pages/privacy/locale'),
  () => import('../pages/sms/locale'),
  () => import('../pages/user/locale'),
];

// The screen, once the forms' strings are registered; asked again on "Try again" when a part did not arrive.
export const load = (): Promise<{ default: ComponentType }> =>
  Promise.all(FORM_STRINGS.map((strings) => strings())).then((modules) => {
    for (const bundles of modules) for (const bundle of Object.values(bundles)) registerBundle(bundle);
    return { default: OperationLog };
  });
