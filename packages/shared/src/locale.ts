// The three interface languages. zh-TW is the default, en-US the fallback for anything else.
export const LOCALES = ['zh-TW', 'zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-TW';
export const FALLBACK_LOCALE: Locale = 'en-US';
export const LOCALE_STORAGE_KEY = 'cake-locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

// Maps one language tag (any case, '-' or '_') to a supported locale, or undefined.
function matchTag(tag: string): Locale | undefined {
  const t = tag.trim().replace('_', '-').toLowerCase();
  if (!t) return undefined;
  if (t === 'zh-tw' || t === 'zh-hk' || t === 'zh-mo' || t.startsWith('zh-hant')) return 'zh-TW';
  if (t === 'zh' || t === 'zh-cn' || t === 'zh-sg' || t.startsWith('zh-hans')) return 'zh-CN';
  if (t === 'en' || t.startsWith('en-')) return 'en-US';
  return undefined;
}

// Headers already read (every request carries one, and clients send the same few): bounded in count and length,
// so a client inventing headers cannot grow it (issue 43).
const resolved = new Map<string, Locale>();
const RESOLVED_MAX = 256;
const RESOLVED_MAX_LENGTH = 128;

// Reads an Accept-Language header: no header means the default (zh-TW);
// a header naming only unsupported languages means the fallback (en-US).
export function resolveLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const known = resolved.get(header);
  if (known) return known;
  const locale = parseAcceptLanguage(header);
  if (resolved.size < RESOLVED_MAX && header.length <= RESOLVED_MAX_LENGTH) resolved.set(header, locale);
  return locale;
}

function parseAcceptLanguage(header: string): Locale {
  if (!header.trim()) return DEFAULT_LOCALE;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((x) => Number.isFinite(x.q) && x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const hit = matchTag(tag);
    if (hit) return hit;
  }
  return FALLBACK_LOCALE;
}
