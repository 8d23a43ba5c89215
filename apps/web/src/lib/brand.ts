import type { Locale, Merchant } from '@study-crm/shared';

// The merchant's display name in the member's language (System setup → Merchant).
const NAME_OF: Record<Locale, (m: Merchant) => string> = {
  'zh-TW': (m) => m.nameTw,
  'zh-CN': (m) => m.nameCn,
  'en-US': (m) => m.nameEn,
};

export const merchantName = (m: Merchant, locale: Locale): string => NAME_OF[locale](m);
