import type { Locale } from '@study-crm/shared';

// A sheet name, heading or label in the three languages, for the exporters.
export const localized = (zhTW: string, zhCN: string, enUS: string): Record<Locale, string> => ({
  'zh-TW': zhTW,
  'zh-CN': zhCN,
  'en-US': enUS,
});
