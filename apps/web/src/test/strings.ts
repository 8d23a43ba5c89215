import { beforeAll } from 'vitest';
import i18n, { registerBundle } from '../i18n';
import type { LocaleBundle } from '../locales/types';

// The tests of this block (or file) read a page's strings in en-US: registered, and the language set, before the
// first of them.
export function inEnglish(bundle: LocaleBundle): void {
  beforeAll(async () => {
    registerBundle(bundle);
    await i18n.changeLanguage('en-US');
  });
}
