import { beforeAll, describe, expect, it } from 'vitest';
import { PERM, type ApplicationSaved, type Page, type SearchResult } from '@study-crm/shared';
import { sql, type Compilable, type Kysely } from 'kysely';
import { isPostgres } from '../../db/database.js';
import {
  GRAM_COMMON,
  liveSearched,
  searchedColumn,
  searchGramIds,
  searchPlan,
  searchTextHolds,
} from '../../db/sql-helpers.js';
import { seedDemoApplications } from '../../seed/demo-applications.js';
import type { Values } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';

const URL = '/api/v1/cake/search';

// The plan of a query as the engine describes it, one line per step (PostgreSQL with sequential scans priced out,
// so a plan without an index path still shows a Seq Scan).
async function planOf(db: Kysely<never>, q: Compilable): Promise<string> {
  const c = q.compile();
  const lit = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  if (isPostgres(db)) {
    const text = c.sql.replace(/\$(\d+)/g, (_, n) => lit(c.parameters[Number(n) - 1]));
    return db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      const r = await sql.raw<{ 'QUERY PLAN': string }>(`explain ${text}`).execute(tx);
      return r.rows.map((x) => x['QUERY PLAN']).join('\n');
    });
  }
  const params = [...c.parameters];
  const text = c.sql.replace(/\?/g, () => lit(params.shift()));
  const r = await sql.raw<{ detail: string }>(`explain query plan ${text}`).execute(db);
  return r.rows.map((x) => x.detail).join('\n');
}

// Issue 39, decision 217: one- and two-character searches find any part of a name through the gram side tables,
// on the search box, the application list's keyword and the staff pickers alike.
describe('short searches', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  const ids: Record<string, number> = {};
  const idsOf = async (keyword: string, type = 'application', token = t.admin.token) => {
    const res = await t.get<SearchResult>(URL, { keyword }, { token });
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data.groups.find((g) => g.type === type)?.hits.map((h) => h.id) ?? [];
  };

  beforeAll(async () => {
    const apps: [string, Values][] = [
      [
        'lin',
        {
          name: '林美玲',
          engLastName: 'Lin',
          engFirstName: 'Mei Ling',
          passportNo: 'K12398745',
          email: 'mlq@example.com',
          mobile: '987650011',
        },
      ],
      [
        'wei',
        {
          name: '张伟强',
          engLastName: 'Zhang',
          engFirstName: 'Weiqiang',
          passportNo: 'E55512399',
          email: 'wq2@example.org',
          mobile: '912340012',
        },
      ],
      [
        'zoe',
        {
          name: 'Zoë Brontë',
          engLastName: 'Brontë',
          engFirstName: 'Zoë',
          passportNo: 'H11122299',
          email: 'zb@example.net',
          mobile: '955500013',
        },
      ],
    ];
    for (const [key, v] of apps) {
      const res = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ formerName: '', ...v }), {
        token: t.admin.token,
      });
      expect(res.meta.code, res.meta.message).toBe(200);
      ids[key] = res.data.id;
    }
  });

  it('finds one or two Chinese characters anywhere in a name, in both scripts', async () => {
    expect(await idsOf('美玲')).toEqual([ids.lin]);
    expect(await idsOf('玲')).toContain(ids.lin);
    expect(await idsOf('伟强')).toEqual([ids.wei]);
    expect(await idsOf('强')).toContain(ids.wei);
    expect(await idsOf('美 强')).toEqual([]);
  });

  it('finds one or two Latin letters anywhere in a name, case and accents ignored', async () => {
    expect(await idsOf('IQ')).toEqual([ids.wei]);
    expect(await idsOf('ë')).toContain(ids.zoe);
    expect(await idsOf('NT')).toEqual([ids.zoe]);
    expect(await idsOf('oe ro')).toEqual([ids.zoe]);
    expect(await idsOf('ng ei')).toEqual(expect.arrayContaining([ids.lin, ids.wei]));
    // Digits and e-mail addresses are found from three characters on (the trigram index), not by short parts.
    expect(await idsOf('98')).toEqual([]);
    expect(await idsOf('mlq')).toEqual([ids.lin]);
  });

  it('follows a changed name and a removed application', async () => {
    const grams = async (gram: string) =>
      (await sql<{ id: number }>`${searchGramIds('application', gram)}`.execute(t.db.db)).rows.map((r) => r.id);
    const id = ids.zoe!;
    await t.db.db.updateTable('application').set({ searchText: 'zoe brontee xu' }).where('id', '=', id).execute();
    expect(await grams('xu')).toEqual([id]);
    expect(await grams('ë')).not.toContain(id);
    await t.db.db.updateTable('application').set({ deletedAt: Date.now() }).where('id', '=', id).execute();
    expect(await grams('xu')).toEqual([]);
    await t.db.db.updateTable('application').set({ deletedAt: null }).where('id', '=', id).execute();
    expect(await grams('xu')).toEqual([id]);
  });

  it('filters the application list by a short part of a name, counted', async () => {
    const list = await t.get<Page<{ id: number }>>(`${BASE}/list`, { keyword: '美玲', pageSize: 20 }, t.admin);
    expect(list.meta.code, list.meta.message).toBe(200);
    expect(list.data.list.map((r) => r.id)).toEqual([ids.lin]);
    expect(list.data.total).toBe(1);
    const two = await t.get<Page<{ id: number }>>(`${BASE}/list`, { keyword: 'ng', pageSize: 20 }, t.admin);
    expect(two.data.list.map((r) => r.id)).toEqual(expect.arrayContaining([ids.lin, ids.wei]));
    expect(two.data.total).toBe(two.data.list.length);
  });

  it('finds colleagues by a short part of a name in the pickers and the member list', async () => {
    const staff = await staffWith(t, 'shortpick', []);
    const pick = await t.get<{ id: number }[]>('/api/v1/cake/projects/staffOptions', { keyword: 'rt' }, t.admin);
    expect(pick.meta.code, pick.meta.message).toBe(200);
    expect(pick.data.map((o) => o.id)).toContain(staff);
    const members = await t.get<Page<{ id: number }>>(
      '/admin/v1/members/list',
      { keyword: 'ck', pageSize: 50 },
      t.admin,
    );
    expect(members.meta.code, members.meta.message).toBe(200);
    expect(members.data.list.map((m) => m.id)).toContain(staff);
  });

  it('answers short searches only in the groups the caller may see', async () => {
    await staffWith(t, 'shortnone', [PERM.feedbackList]);
    const token = (await t.login('shortnone', 'Staff#2026pass')).token;
    const res = await t.get<SearchResult>(URL, { keyword: '美' }, { token });
    expect(res.meta.code, res.meta.message).toBe(200);
    expect(res.data.groups.map((g) => g.type)).not.toContain('application');
    expect((await t.get(URL, { keyword: '美', types: 'application' }, { token })).meta.code).toBe(403);
  });

  it('reads a short word that thousands of records hold by walking the newest rows, exactly', async () => {
    await seedDemoApplications(t.db.db, 2200);
    const { rows } = await sql<{ gram: string; n: number | string }>`select gram, count(*) as n from application_gram
      group by gram order by count(*) desc, gram limit 1`.execute(t.db.db);
    const common = rows[0]!;
    expect(Number(common.n)).toBeGreaterThanOrEqual(GRAM_COMMON);
    const plan = await searchPlan(t.db.db, 'application', [common.gram]);
    expect(plan.driven).toBe(false);
    const newest = await sql<{ id: number }>`select id from application_gram where gram = ${common.gram}
      order by id desc limit 5`.execute(t.db.db);
    expect(await idsOf(common.gram)).toEqual(newest.rows.map((r) => Number(r.id)));
    // A rare word is read through the gram table.
    expect((await searchPlan(t.db.db, 'application', ['伟强'])).driven).toBe(true);
  });

  it('reads one- and two-character searches through the gram table, never scanning the table', async () => {
    const db = t.db.db as unknown as Kysely<never>;
    const raw = t.db.db;
    for (const word of ['美', '美玲', 'q', 'iq']) {
      // As the search box, the application list and the staff pickers ask.
      const applications = () =>
        raw
          .selectFrom('application')
          .select('id')
          .where(liveSearched('application', [word]))
          .where(searchTextHolds(raw, 'application', [word]));
      const box = applications().orderBy('id', 'desc').limit(5);
      const list = applications().orderBy('applicationDate', 'desc').orderBy('id', 'desc').limit(20);
      const staff = raw
        .selectFrom('member')
        .select('id')
        .where(liveSearched('member', [word]))
        .where(searchTextHolds(raw, 'member', [word]))
        .where(searchedColumn('member.member_type', [word]), '=', 'staff')
        .orderBy('searchText')
        .orderBy('id')
        .limit(20);
      for (const [q, table] of [
        [box, 'application'],
        [list, 'application'],
        [staff, 'member'],
      ] as const) {
        const plan = await planOf(db, q);
        if (process.env.SHOW_PLAN) console.log(word, table, plan);
        if (isPostgres(db)) {
          // The grams are read by their key, by the member's (gram, is_staff, id) (migration 0070) or by the
          // application's (gram, application_date, id) (migration 0080).
          expect(plan, plan).toMatch(new RegExp(`${table}_gram_(pkey|staff_ix|date_ix)`));
          expect(plan, plan).not.toMatch(/Seq Scan/);
          expect(plan, plan).not.toMatch(new RegExp(`Index Scan Backward using ${table}_pkey`));
          expect(plan, plan).not.toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${table}_(?!pkey|gram_)`));
        } else {
          expect(plan, plan).toMatch(
            new RegExp(
              `SEARCH ${table}_gram USING (PRIMARY KEY|COVERING INDEX ${table}_gram_(staff|date)_ix) \\(gram=\\?`,
            ),
          );
          expect(plan, plan).not.toMatch(new RegExp(`SCAN ${table}\\b(?! USING)`));
          expect(plan, plan).not.toMatch(new RegExp(`SCAN ${table}_gram`));
          // Driven by the grams: the table is read by id, never along one of its own indexes.
          expect(plan, plan).toMatch(new RegExp(`SEARCH ${table} USING INTEGER PRIMARY KEY \\(rowid=\\?\\)`));
          expect(plan, plan).not.toMatch(new RegExp(`(SCAN|SEARCH) ${table} USING (COVERING )?INDEX`));
        }
      }
    }
    // The triggers take a changed name's old parts out through the primary key, not by reading the gram table.
    if (!isPostgres(db)) {
      const trigger = await sql<{
        sql: string;
      }>`select sql from sqlite_master where name = 'application_gram_au'`.execute(raw);
      const body = trigger.rows[0]!.sql;
      const remove = body
        .slice(body.indexOf('delete from'), body.indexOf(';', body.indexOf('delete from')))
        .replace(/"?old"?\."?deleted_at"?/g, 'null')
        .replace(/"?old"?\."?search_text"?/g, "'陳美玲 chen mei ling'")
        .replace(/"?old"?\."?id"?/g, '1');
      const plan = (await sql.raw<{ detail: string }>(`explain query plan ${remove}`).execute(raw)).rows
        .map((r) => r.detail)
        .join('\n');
      expect(plan, plan).toMatch(/SEARCH application_gram USING PRIMARY KEY \(gram=\? AND id=\?\)/);
      expect(plan, plan).not.toMatch(/SCAN application_gram/);
    }
  });
});
