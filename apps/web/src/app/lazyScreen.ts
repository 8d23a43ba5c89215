import { lazy, type ComponentType } from 'react';
import { LOCALES } from '@study-crm/shared';
import i18n from '../i18n';
import type { LocaleBundle } from '../locales/types';

// Adds a page's strings to every language (deep merge; strings already there stay).
export function registerBundle(bundle: LocaleBundle): void {
  for (const locale of LOCALES) i18n.addResourceBundle(locale, 'translation', bundle[locale], true, false);
}

// A lazily loaded screen whose strings (its folder's locale.ts) load in parallel with it and are registered before
// it renders: no page's strings are part of the first download.
export function lazyScreen<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  strings: () => Promise<Record<string, LocaleBundle>>,
) {
  return lazy(async () => {
    const [screen, bundles] = await Promise.all([load(), strings()]);
    for (const bundle of Object.values(bundles)) registerBundle(bundle);
    return screen;
  });
}
