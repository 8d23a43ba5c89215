// Mobile numbers by region: the area code (country calling code, digits only) decides the digit-length rule.
// A small table for the regions the consultancy works with; any other area code gets the generic E.164 bound.

export type PhoneRegion = {
  areaCode: string;
  regions: string; // ISO codes, for labels
  pattern: RegExp; // the national mobile number, digits only, without the trunk 0
};

export const PHONE_REGIONS: readonly PhoneRegion[] = [
  { areaCode: '44', regions: 'UK', pattern: /^7\d{9}$/ },
  { areaCode: '86', regions: 'CN', pattern: /^1[3-9]\d{9}$/ },
  { areaCode: '852', regions: 'HK', pattern: /^[4-9]\d{7}$/ },
  { areaCode: '853', regions: 'MO', pattern: /^6\d{7}$/ },
  { areaCode: '886', regions: 'TW', pattern: /^9\d{8}$/ },
  { areaCode: '1', regions: 'US/CA', pattern: /^[2-9]\d{9}$/ },
  { areaCode: '65', regions: 'SG', pattern: /^[89]\d{7}$/ },
  { areaCode: '61', regions: 'AU', pattern: /^4\d{8}$/ },
  { areaCode: '64', regions: 'NZ', pattern: /^2\d{7,9}$/ },
  { areaCode: '60', regions: 'MY', pattern: /^1\d{8,9}$/ },
  { areaCode: '81', regions: 'JP', pattern: /^[789]0\d{8}$/ },
  { areaCode: '82', regions: 'KR', pattern: /^1\d{8,9}$/ },
];

const GENERIC = /^\d{4,15}$/;
const AREA_CODE = /^\d{1,4}$/;

// '+44' → '44'; undefined when it is not 1 to 4 digits.
export function normalizeAreaCode(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().replace(/^\+/, '');
  return AREA_CODE.test(v) ? v : undefined;
}

// Drops spaces, dashes and brackets people type, and the trunk '0' of a national number (07700… → 7700…).
export function normalizeMobile(areaCode: string, value: string): string {
  const digits = value.replace(/[\s\-().]/g, '');
  return areaCode !== '1' && /^0\d+$/.test(digits) ? digits.slice(1) : digits;
}

export function phoneRegion(areaCode: string): PhoneRegion | undefined {
  return PHONE_REGIONS.find((r) => r.areaCode === areaCode);
}

// True when the (already normalised) mobile number is valid for its area code.
export function isValidMobile(areaCode: string | null | undefined, mobile: string | null | undefined): boolean {
  const code = normalizeAreaCode(areaCode);
  if (!code || typeof mobile !== 'string') return false;
  const digits = normalizeMobile(code, mobile);
  return (phoneRegion(code)?.pattern ?? GENERIC).test(digits);
}
