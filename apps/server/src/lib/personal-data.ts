import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { normalizeAreaCode, normalizeMobile } from '@study-crm/shared';

// What a module holds about one person, for the subject access export (issue 41, docs/data-protection.md). Each module
// that keeps personal data exports a `create<Module>PersonalData(db)` from its index.ts whose `personalData(subject)`
// answers from its own tables only; the privacy module puts the parts together.

// The person: their member id and the addresses things were sent to (e-mails as typed; their full numbers, E.164 as
// `fullNumbersOf` gives them).
export type PersonalSubject = { memberId: number; emails: string[]; phones: string[] };

// Rows of one table, named `<module>/<table>`: where they came from.
export type PersonalRows = { source: string; rows: Record<string, unknown>[] };

// A stored document held about the person (read through the files storage by the privacy module).
export type PersonalFile = { source: string; id: number; name: string; storedName: string };

export type PersonalData = { parts: PersonalRows[]; files: PersonalFile[] };

export const part = (source: string, rows: readonly object[]): PersonalRows => ({
  source,
  rows: rows.map((r) => ({ ...r })),
});
export const noFiles: PersonalFile[] = [];

// A person's full international number as the outbox, the SMS recipients and the verification marks keep it (E.164:
// '+', calling code, national number without its trunk 0), from an area code and a number as the member and
// application modules keep them (`normalizeMobile`), with libphonenumber's form when it differs. A number written with
// '+' stands alone. Without an area code there is no full number, so none: national digits alone are also a number of
// another country (0912 345 678 in Taiwan is 912345678, the tail of +44 7912 345678). The subject access export and the
// erasure both match by these, exactly.
export function fullNumbersOf(areaCode: string | null | undefined, number: string | null | undefined): string[] {
  const compact = number?.trim().replace(/[\s\-().]/g, '');
  if (!compact) return [];
  const area = normalizeAreaCode(areaCode);
  const plain = compact.startsWith('+') ? compact : area ? `+${area}${normalizeMobile(area, compact)}` : '';
  if (!/^\+\d{4,16}$/.test(plain)) return [];
  const canonical = parsePhoneNumberFromString(plain)?.number;
  return canonical && canonical !== plain ? [plain, canonical] : [plain];
}
