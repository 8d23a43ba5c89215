import { sql, type Kysely } from 'kysely';

// Decision 347: the search fold (packages/shared foldForSearch) maps compatibility forms too (NFKD, not NFD), so what
// a CJK input method types in full width ("Ｍｕｌｌｅｒ", "０９１２…") finds the plain letters and digits. This folds
// the search text of every row written before again; the triggers on `update of search_text` re-index it (SQLite's
// full-text table or PostgreSQL's trigram index, the short parts, the number tails). Folding the folded text with
// the new rule gives what the new rule gives the names (both drop marks and lower-case), so the names themselves
// are not read, and a text the erasure or retention wrote stays as they meant it (a pseudonym, a file name).

// The rule as this migration applied it (this file is frozen; packages/shared foldForSearch is the live one).
const fold = (v: string) => v.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
const TABLES = ['member', 'application', 'payment_record', 'feedback', 'email_message', 'sms_batch'];
const BATCH = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    for (let after = 0; ;) {
      const { rows } = await sql<{ id: number; search_text: string }>`select id, search_text
        from ${sql.table(table)} where id > ${after} order by id limit ${BATCH}`.execute(db);
      if (!rows.length) break;
      for (const r of rows) {
        const text = fold(r.search_text);
        if (text !== r.search_text)
          await sql`update ${sql.table(table)} set search_text = ${text} where id = ${r.id}`.execute(db);
      }
      after = rows[rows.length - 1]!.id;
    }
  }
}

// The compatibility forms are not kept: the texts stay folded.
export async function down(): Promise<void> {}
