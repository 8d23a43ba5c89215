// How many SMS segments a text takes. GSM-7 (the default alphabet) fits 160 characters in one message and 153 per
// part once split; characters of the extension table (^{}\[~]|€) take two. Any other character (Chinese text,
// emoji) switches the whole message to UCS-2: 70 per message, 67 per part, and characters outside the BMP take two.

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

const BASIC = new Set(GSM7_BASIC);
const EXTENDED = new Set(GSM7_EXTENDED);

export type SmsEncoding = 'GSM-7' | 'UCS-2';
export type SmsSegments = {
  encoding: SmsEncoding;
  // Units used: GSM-7 septets or UCS-2 code units.
  units: number;
  segments: number;
  // Units per segment at this length (single message or part of a long one).
  perSegment: number;
  // Units left in the last segment.
  remaining: number;
};

export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  let isGsm = true;
  for (const ch of text) {
    if (BASIC.has(ch)) septets += 1;
    else if (EXTENDED.has(ch)) septets += 2;
    else {
      isGsm = false;
      break;
    }
  }
  const encoding: SmsEncoding = isGsm ? 'GSM-7' : 'UCS-2';
  // UCS-2 on the wire is UTF-16: a character outside the BMP is a surrogate pair (two units).
  const units = isGsm ? septets : text.length;
  const single = isGsm ? 160 : 70;
  const part = isGsm ? 153 : 67;
  if (units <= single) {
    return { encoding, units, segments: units === 0 ? 0 : 1, perSegment: single, remaining: single - units };
  }
  const segments = Math.ceil(units / part);
  return { encoding, units, segments, perSegment: part, remaining: segments * part - units };
}
