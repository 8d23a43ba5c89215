import type { Locale } from '@study-crm/shared';
import { common } from './common';
import { crud } from './crud';
import { frame } from './frame';
import { menu } from './menu';
import { user } from '../pages/user/locale';
import { login } from '../pages/login/locale';
import { home } from '../pages/home/locale';
import { systemSetup } from '../pages/systemSetup/locale';
import { access } from '../pages/access/locale';
import { employee } from '../pages/employee/locale';
import { application } from '../pages/application/locale';
import type { LocaleBundle, LocaleTree } from './types';

// Every bundle of the app. Add a page's bundle here.
export const bundles: Record<string, LocaleBundle> = {
  common,
  crud,
  frame,
  menu,
  login,
  home,
  user,
  systemSetup,
  access,
  employee,
  application,
};

function merge(target: LocaleTree, source: LocaleTree): LocaleTree {
  for (const [k, v] of Object.entries(source)) {
    const existing = target[k];
    target[k] = typeof v === 'object' && typeof existing === 'object' ? merge({ ...existing }, v) : v;
  }
  return target;
}

export const resources: Record<Locale, LocaleTree> = {
  'zh-TW': {},
  'zh-CN': {},
  'en-US': {},
};
for (const bundle of Object.values(bundles)) {
  for (const locale of Object.keys(resources) as Locale[]) merge(resources[locale], bundle[locale]);
}
