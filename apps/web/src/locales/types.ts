import type { CustomTypeOptions } from 'i18next';
import type { Locale } from '@study-crm/shared';

export type LocaleTree = { [key: string]: string | LocaleTree };
// Each page folder exports one bundle: the same keys in all three languages (a test enforces it).
export type LocaleBundle = Record<Locale, LocaleTree>;
// The shape of every string of the app, as declared to i18next (src/strings.ts).
export type AppResources = CustomTypeOptions['resources']['translation'];
