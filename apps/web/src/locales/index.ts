import type { Locale } from '@study-crm/shared';
import { common } from './common';
import { crud } from './crud';
import { frame } from './frame';
import { menu } from './menu';
import type { LocaleBundle, LocaleTree } from './types';

// The strings the frame needs from the start. A page's own strings (its folder's locale.ts) load with its lazy
// screen and are registered before it renders (app/lazyScreen.ts).
export const coreBundles: Record<string, LocaleBundle> = { common, crud, frame, menu };

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
for (const bundle of Object.values(coreBundles)) {
  for (const locale of Object.keys(resources) as Locale[]) merge(resources[locale], bundle[locale]);
}
