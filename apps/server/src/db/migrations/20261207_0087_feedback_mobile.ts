import { sql, type Kysely } from 'kysely';

// Decision 347: feedback kept its mobile as typed ("07700 900123"), so neither the list's keyword nor the search box
// found the digits. New feedback keeps it as the member module does (packages/shared normalizeMobile: no spaces,
// dashes, brackets or dots, no trunk 0 outside area code 1); this re-writes the rows before it, with their search
// text (the triggers re-index it: full-text or trigram, short parts, number tails).

// The rules as this migration applied them (this file is frozen; packages/shared holds the live ones).
const normalizeMobile = (areaCode: string, value: string) => {
  const digits = value.replace(/[\s\-().]/g, '');
  return areaCode !== '1' && /^0\d+$/.test(digits) ? digits.slice(1) : digits;
};
const fold = (v: string) => v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
const textOf = (parts: (string | null)[]) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .map(fold)
    .join(' ');

type Row = { id: number; name: string; email: string | null; area_code: string | null; mobile: string };
const BATCH = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (let after = 0; ;) {
    const { rows } = await sql<Row>`select id, name, email, area_code, mobile from feedback
      where id > ${after} and mobile is not null order by id limit ${BATCH}`.execute(db);
    if (!rows.length) break;
    for (const r of rows) {
      const mobile = normalizeMobile(r.area_code ?? '', r.mobile.trim());
      if (mobile === r.mobile) continue;
      await sql`update feedback set mobile = ${mobile}, search_text = ${textOf([r.name, r.email, mobile])}
        where id = ${r.id}`.execute(db);
    }
    after = rows[rows.length - 1]!.id;
  }
}

// What was typed is not kept: the numbers stay as they are.
export async function down(): Promise<void> {}
