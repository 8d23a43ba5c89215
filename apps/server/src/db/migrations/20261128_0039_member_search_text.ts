import { sql, type Kysely } from 'kysely';
import { addColumns, column, createLiveIndex } from './helpers.js';

// Issue 36: a colleague is found by any name a picker shows. `member.search_text` holds every name of a member
// (English last and first name, Chinese name, nickname, login name, e-mail, mobile) lower-cased with accents
// folded, joined by a space; the member module rewrites it on every write of a name (packages/shared
// personSearchText). Pickers scan it with `like '%word%'` for each word, staff first: the live index on
// (member_type, search_text, id) serves that scan from the index alone, in search-text order, stopped by the
// LIMIT. A trigram index on the column (FTS5 / pg_trgm) can come later without changing the writes.

// The fold as this migration backfilled it (this file is frozen; personSearchText is the live rule).
const fold = (v: string) => v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

type NameRow = {
  id: number;
  eng_last_name: string | null;
  eng_first_name: string | null;
  full_name: string | null;
  nick_name: string | null;
  login_name: string | null;
  email: string | null;
  mobile: string | null;
};

const t = (v: string | null) => (v ?? '').trim();
const searchText = (r: NameRow) =>
  [
    [t(r.eng_last_name), t(r.eng_first_name)].filter(Boolean).join(' '),
    t(r.full_name),
    t(r.nick_name),
    t(r.login_name),
    t(r.email),
    t(r.mobile),
  ]
    .filter(Boolean)
    .map(fold)
    .join(' ');

const BATCH = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'member', { search_text: column.withDefault('text', '') });
  // Backfill in id order, a batch at a time (100,000 members are 100 batches).
  for (let after = 0; ;) {
    const { rows } = await sql<NameRow>`
      select id, eng_last_name, eng_first_name, full_name, nick_name, login_name, email, mobile
      from member where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (!rows.length) break;
    for (const r of rows) {
      await sql`update member set search_text = ${searchText(r)} where id = ${r.id}`.execute(db);
    }
    after = rows[rows.length - 1]!.id;
  }
  await createLiveIndex(db, 'member_search_text_ix', 'member', ['member_type', 'search_text', 'id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('member_search_text_ix').ifExists().execute();
  await db.schema.alterTable('member').dropColumn('search_text').execute();
}
