import { normalizeAreaCode, normalizeMobile } from '@study-crm/shared';

// A contact as member rows keep it, so a person is found by it whoever typed it (sign-in, the unique indexes, the
// student behind a new application): the e-mail trimmed in lower case; the mobile without spaces, dashes, brackets
// or dots and without the trunk 0 of its area code (packages/shared normalizeMobile).
export const lowerEmail = (v: string | null | undefined): string | null => (v?.trim() ? v.trim().toLowerCase() : null);
export const memberMobile = (areaCode: string | null | undefined, v: string | null | undefined): string | null =>
  v?.trim() ? normalizeMobile(normalizeAreaCode(areaCode) ?? '', v.trim()) : null;
