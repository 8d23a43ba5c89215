import type { LocaleBundle } from '../locales/types';

// The operation log names an entry's fields with the labels of its record's form (decision 248): the strings of
// those forms load beside the screen's code (`strings`, which the frame's screen map gives as the screen's strings)
// and are registered before it renders. The map names this one small module, not each form's strings (decision 255;
// operationLogScreen.test.ts checks that every label and value name of every audited record type is among them and
// the log's own).
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

// The log's own strings and every form's, as one set of bundles for lazyScreen: asked for all at once, in parallel with
// the screen's code (they were asked for only once that code had arrived and run).
export const strings = async (): Promise<Record<string, LocaleBundle>> => {
  const modules = await Promise.all([import('../pages/audit/locale'), ...FORM_STRINGS.map((load) => load())]);
  const bundles = modules.flatMap((m) => Object.values(m));
  return Object.fromEntries(bundles.map((bundle, i) => [String(i), bundle]));
};
