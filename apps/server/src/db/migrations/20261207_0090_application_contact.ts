import { sql, type Kysely } from 'kysely';

// Decision 349: an application kept its student's e-mail as typed (capitals) and its mobile with brackets or a
// trunk 0, while member rows keep them lower-cased and as the national number (packages/shared normalizeMobile), so
// a new application did not find the student already holding them and added a second one. New applications keep
// them as member rows do; this re-writes the rows before it, with their e-mail key and search text (the triggers
// re-index it: full-text or trigram, short parts, number tails). Erased rows hold neither and are left alone.

// The rules as this migration applied them (this file is frozen; the member module and packages/shared hold the
// live ones).
const lowerEmail = (v: string) => (v.trim() ? v.trim().toLowerCase() : null);
const normalizeAreaCode = (v: string | null) => {
  const code = (v ?? '').trim().replace(/^\+/, '');
  return /^\d{1,4}$/.test(code) ? code : '';
};
const normalizeMobile = (areaCode: string, value: string) => {
  const digits = value.replace(/[\s\-().]/g, '');
  return areaCode !== '1' && /^0\d+$/.test(digits) ? digits.slice(1) : digits;
};
const fold = (v: string) => v.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
const textOf = (parts: (string | null)[]) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .map(fold)
    .join(' ');

type Row = {
  id: number;
  name: string;
  eng_last_name: string | null;
  eng_first_name: string | null;
  former_name: string | null;
  passport_no: string | null;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
};
const BATCH = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (let after = 0; ;) {
    const { rows } = await sql<Row>`select id, name, eng_last_name, eng_first_name, former_name, passport_no, email,
      area_code, mobile from application where id > ${after} and (email is not null or mobile is not null)
      order by id limit ${BATCH}`.execute(db);
    if (!rows.length) break;
    for (const r of rows) {
      const email = r.email === null ? null : lowerEmail(r.email);
      const mobile = r.mobile?.trim() ? normalizeMobile(normalizeAreaCode(r.area_code), r.mobile.trim()) : null;
      if (email === r.email && mobile === r.mobile) continue;
      const eng = [r.eng_last_name, r.eng_first_name].filter(Boolean).join(' ');
      const searchText = textOf([r.name, eng, r.former_name, r.passport_no, email, mobile]);
      await sql`update application set email = ${email}, mobile = ${mobile}, email_key = ${email},
        search_text = ${searchText} where id = ${r.id}`.execute(db);
    }
    after = rows[rows.length - 1]!.id;
  }
}

// What was typed is not kept: the contacts stay as member rows keep them.
export async function down(): Promise<void> {}
