// Small helpers of spec section 9, shared by server and web.

export const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomIndexes(count: number): number[] {
  const out: number[] = [];
  const bytes = new Uint8Array(count * 2);
  while (out.length < count) {
    globalThis.crypto.getRandomValues(bytes);
    for (const b of bytes) {
      // 62 * 4 = 248: rejecting 248..255 keeps every character equally likely.
      if (b < 248) out.push(b % 62);
      if (out.length === count) break;
    }
  }
  return out;
}

// Random id from the 62-character alphabet, 32 characters unless told otherwise.
export function randomId(length = 32): string {
  if (!Number.isInteger(length) || length < 1) throw new RangeError('length must be a positive integer');
  return randomIndexes(length)
    .map((i) => ID_ALPHABET[i])
    .join('');
}

// Base id: the prefix, 6 random characters, then the timestamp in milliseconds.
export function baseId(prefix = 'base', now: number = Date.now()): string {
  return `${prefix}${randomId(6)}${now}`;
}

// Year and month as YYYYMM.
export function yearMonth(date: Date = new Date()): string {
  return `${date.getFullYear()}${String(date.getMonth() + 1).padStart(2, '0')}`;
}

export type NameParts = {
  engLastName?: string | null;
  engFirstName?: string | null;
  fullName?: string | null;
  email?: string | null;
  mobile?: string | null;
  nickName?: string | null;
};

const present = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

// Member display name (spec section 3): English last and first name joined by a space,
// otherwise the one that exists, then e-mail, mobile, nickName, fullName, then the fallback.
export function displayName(m: NameParts | null | undefined, fallback = '-'): string {
  if (!m) return fallback;
  const last = present(m.engLastName) ? m.engLastName.trim() : '';
  const first = present(m.engFirstName) ? m.engFirstName.trim() : '';
  if (last && first) return `${last} ${first}`;
  if (last || first) return last || first;
  for (const v of [m.email, m.mobile, m.nickName, m.fullName]) if (present(v)) return v.trim();
  return fallback;
}

// E-mail rule of spec section 5: after trimming, a local part, '@', and a dotted domain; at most 254 characters (the
// longest address SMTP carries, RFC 5321). Fields capped only as a whole (a list of recipients) rely on the latter
// to keep each address inside its own column (delivery_outbox.recipient). No character an address header gives a
// meaning to (`<>()[]\",;:`): the mail library would read 'Bob<bob@x.com' as bob@x.com, so the address sent to
// would not be the one stored, de-duplicated or erased (decision 365); + . - _ ' and the like stay allowed.
export const EMAIL_MAX = 254;
const EMAIL_RE = /^[^\s@<>()[\]\\",;:]+@[^\s@<>()[\]\\",;:.]+(\.[^\s@<>()[\]\\",;:.]+)+$/;
export function isValidEmail(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const address = value.trim();
  return address.length <= EMAIL_MAX && EMAIL_RE.test(address);
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

// Money is kept as integer minor units; shown grouped with the currency's decimals (`digits`: JPY 0, GBP 2, BHD 3;
// two unless told).
export function formatMinor(minor: number, currency?: string, digits = 2): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const unit = 10 ** digits;
  const whole = Math.floor(abs / unit).toLocaleString('en-US');
  const text = `${sign}${whole}${digits > 0 ? `.${String(abs % unit).padStart(digits, '0')}` : ''}`;
  return currency ? `${currency} ${text}` : text;
}

// Parses a decimal amount typed by a person ("1,234.5") into minor units; undefined when invalid.
export function parseToMinor(text: string): number | undefined {
  const t = text.replace(/,/g, '').trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(t)) return undefined;
  const negative = t.startsWith('-');
  const [whole = '0', frac = ''] = t.replace('-', '').split('.');
  const minor = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? (negative ? -minor : minor) : undefined;
}
