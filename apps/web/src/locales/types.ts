import type { Locale } from '@study-crm/shared';

export type LocaleTree = { [key: string]: string | LocaleTree };
// Each page folder exports one bundle: the same keys in all three languages (a test enforces it).
export type LocaleBundle = Record<Locale, LocaleTree>;
