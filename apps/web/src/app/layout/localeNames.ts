import type { Locale } from '@study-crm/shared';

// Each language named in itself.
export const LOCALE_NAMES: Record<Locale, string> = { 'zh-TW': '繁體中文', 'zh-CN': '简体中文', 'en-US': 'English' };
