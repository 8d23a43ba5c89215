import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

// One data row of a recipient file, checked: an E.164 number and its variables, or the reason it was refused.
export type RowReason = 'smsRowMobileEmpty' | 'smsRowRegion' | 'smsRowInvalid' | 'smsRowVariables' | 'smsRowDuplicate';
export type CheckedRow =
  | { isValid: true; phone: string; variables: Record<string, string> }
  | { isValid: false; reason: Exclude<RowReason, 'smsRowDuplicate'> };

const VAR_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;
const VARIABLES_MAX = 1000;
const VALUE_MAX = 200;

// `name=Amy; course=IELTS` (also separated by new lines) → { name: 'Amy', course: 'IELTS' }; undefined when invalid.
export function parseVariables(text: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  if (text.length > VARIABLES_MAX) return undefined;
  for (const part of text.split(/[;\n]/)) {
    if (!part.trim()) continue;
    const eq = part.indexOf('=');
    if (eq < 0) return undefined;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (!VAR_KEY.test(key) || value.length > VALUE_MAX) return undefined;
    out[key] = value;
  }
  return out;
}

// The region cell: an ISO code (TW) or a calling code (+886 / 886); empty when the number is written with '+'.
function regionOf(region: string): { country?: CountryCode; callingCode?: string } | undefined {
  const r = region.trim();
  if (!r) return {};
  const upper = r.toUpperCase();
  if (/^[A-Z]{2}$/.test(upper)) return isSupportedCountry(upper) ? { country: upper } : undefined;
  const digits = r.replace(/^\+/, '');
  return /^\d{1,4}$/.test(digits) ? { callingCode: digits } : undefined;
}

// The number a row's mobile and region cells write, valid or not; undefined when the region is unknown or missing
// (a number without '+') or the text is no number.
function parseRow(m: string, region: string) {
  const where = regionOf(region);
  if (!where || (!where.country && !where.callingCode && !m.startsWith('+'))) return undefined;
  return m.startsWith('+')
    ? parsePhoneNumberFromString(m)
    : where.country
      ? parsePhoneNumberFromString(m, where.country)
      : parsePhoneNumberFromString(m, { defaultCallingCode: where.callingCode! });
}

// A leading '+', also as a CJK input method types it (full width, which libphonenumber does not read alone); '00' and
// a calling code, the international form written without '+' (ITU-T's international prefix). Spaces of any kind
// (thin, narrow no-break) and invisible format characters separate digits as a space does.
const PLUS = /^[+\uff0b]/;
const INTERNATIONAL_PREFIX = /^00(?=[1-9])/;
const SPACES = /[\p{Z}\p{Cf}]/gu;

// The full number (E.164) a row's cells write, whether or not it was refused (a repeat, bad variables, a landline, a
// region missing or unknown): how the erasure and the subject access export know a refused row as the person's, by
// their exact number. A number in international form names its country itself: written with '+' the region cell is
// not read (an unknown one does not hide it), and without a region '0044 7912 345678' is +44 7912 345678. A national
// number without a region names no country (0912 345 678 is Taiwanese, its digits the tail of a British number):
// none.
export function rowNumber(mobile: string, region: string | null): string | undefined {
  const m = mobile.replace(SPACES, ' ').trim();
  if (PLUS.test(m)) return parsePhoneNumberFromString(`+${m.slice(1)}`)?.number;
  if (!region?.trim() && INTERNATIONAL_PREFIX.test(m)) return parsePhoneNumberFromString(`+${m.slice(2)}`)?.number;
  return parseRow(m, region ?? '')?.number;
}

// Checks one row: the number must be a valid number (not a landline) of its region; stored in E.164.
export function checkRow(mobile: string, region: string, variables: string): CheckedRow {
  const m = mobile.trim();
  if (!m) return { isValid: false, reason: 'smsRowMobileEmpty' };
  const where = regionOf(region);
  if (!where || (!where.country && !where.callingCode && !m.startsWith('+'))) {
    return { isValid: false, reason: 'smsRowRegion' };
  }
  const parsed = parseRow(m, region);
  if (!parsed || !parsed.isValid() || parsed.getType() === 'FIXED_LINE') {
    return { isValid: false, reason: 'smsRowInvalid' };
  }
  const vars = parseVariables(variables);
  if (!vars) return { isValid: false, reason: 'smsRowVariables' };
  return { isValid: true, phone: parsed.number, variables: vars };
}

// The content for one recipient: {{name}} becomes the recipient's variable (empty when the row has none).
export function renderContent(content: string, variables: Record<string, string>): string {
  return content.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_whole, key: string) =>
    Object.hasOwn(variables, key) ? variables[key]! : '',
  );
}

// E.164 check for queueText: '+' and 8 to 15 digits that libphonenumber accepts.
export function isE164(value: string): boolean {
  if (!/^\+[1-9]\d{7,14}$/.test(value)) return false;
  const parsed = parsePhoneNumberFromString(value);
  return !!parsed && parsed.isValid() && parsed.number === value;
}
