import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, isLocale, LOCALE_STORAGE_KEY, LOCALES, type Locale } from '@study-crm/shared';
import { resources } from './locales';
import type { LocaleBundle } from './locales/types';
import { storage } from './lib/storage';

// Each language named in itself.
export const LOCALE_NAMES: Record<Locale, string> = { 'zh-TW': '繁體中文', 'zh-CN': '简体中文', 'en-US': 'English' };

export function currentLocale(): Locale {
  const saved = storage.get(LOCALE_STORAGE_KEY);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

// Spec section 1: the choice is stored under cake-locale and changing it reloads the page.
export function changeLocale(locale: Locale): void {
  storage.set(LOCALE_STORAGE_KEY, locale);
  window.location.reload();
}

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(resources).map(([lng, tr]) => [lng, { translation: tr }])),
  lng: currentLocale(),
  fallbackLng: FALLBACK_LOCALE,
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = currentLocale();

// Adds a page's strings to every language (deep merge; strings already there stay).
export function registerBundle(bundle: LocaleBundle): void {
  for (const locale of LOCALES) i18n.addResourceBundle(locale, 'translation', bundle[locale], true, false);
}

export default i18n;
