import { beforeAll, describe, expect, it } from 'vitest';
import { type SearchResult } from '@study-crm/shared';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from '../../db/database.js';
import { ftsPart, GRAM_COMMON, searchNewest, searchPlan } from '../../db/sql-helpers.js';
import { seedDemoApplications } from '../../seed/demo-applications.js';
import { seedDemoMembers } from '../../seed/demo-members.js';
import { useTestApp } from '../../test/signed-in.js';
import { staffWith } from '../../test/application-fixtures.js';

const URL = '/api/v1/cake/search';

// Issue 39, decisions 251 and 252: each group of the search box reads about what it shows, the newest matches a
// chunk at a time, and a member's kind narrows the gram keys it reads; the same records are found as before.
describe('what each search box group reads', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  const hitsOf = async (keyword: string, type: string) => {
    const res = await t.get<SearchResult>(URL, { keyword, types: type }, t.admin);
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data.groups.find((g) => g.type === type)?.hits.map((h) => h.id) ?? [];
  };
  const isStaff = (staff: boolean) => sql<SqlBool>`is_staff = ${staff ? 1 : 0}`;

  beforeAll(async () => {
    // 4,500 staff and 500 student accounts; no student's Chinese surname is 陳 (demo-members.ts).
    await seedDemoMembers(t.db.db, 5000);
    await seedDemoApplications(t.db.db, 800);
  }, 240_000);

  it("counts a word common among staff only in the kind a group shows: none for the students' group", async () => {
    const { rows } = await sql<{ gram: string; staff: number | string; accounts: number | string }>`
      select gram, sum(is_staff) as staff, count(*) - sum(is_staff) as accounts from member_gram
      group by gram order by count(*) desc, gram limit 1`.execute(t.db.db);
    const common = rows[0]!;
    expect(Number(common.staff)).toBeGreaterThanOrEqual(GRAM_COMMON);
    expect(Number(common.accounts)).toBeLessThan(GRAM_COMMON);
    expect((await searchPlan(t.db.db, 'member', [common.gram], isStaff(true))).driven).toBe(false);
    expect((await searchPlan(t.db.db, 'member', [common.gram], isStaff(false))).driven).toBe(true);
    // Found as before: the first five of each kind in search-text order.
    const exact = async (gram: string, staff: boolean) =>
      (
        await sql<{ id: number }>`select m.id from member m where m.deleted_at is null
          and ${staff ? sql`m.member_type = 'staff'` : sql`m.member_type <> 'staff'`}
          and exists (select 1 from member_gram g where g.gram = ${gram} and g.id = m.id)
          order by m.search_text, m.id limit 5`.execute(t.db.db)
      ).rows.map((r) => Number(r.id));
    expect(await hitsOf(common.gram, 'staff')).toEqual(await exact(common.gram, true));
    expect(await hitsOf(common.gram, 'student')).toEqual(await exact(common.gram, false));
    // 陳: held by hundreds of staff and no student; the students' group has nothing to read.
    const { rows: chen } = await sql<{ n: number | string }>`select count(*) as n from member_gram
      where gram = '陳' and is_staff = 0`.execute(t.db.db);
    expect(Number(chen[0]!.n)).toBe(0);
    expect(await hitsOf('陳', 'student')).toEqual([]);
    expect(await hitsOf('陳', 'staff')).toEqual(await exact('陳', true));
  });

  it('walks the kind in search-text order for a long word thousands hold, exactly as the trigram index finds', async () => {
    // Every demo member's e-mail address holds the demo domain.
    const word = 'study-crm';
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from member
      where search_text like ${`%${word}%`}`.execute(t.db.db);
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(GRAM_COMMON);
    if (!isPostgres(t.db.db)) expect((await searchPlan(t.db.db, 'member', [word])).driven).toBe(false);
    expect((await searchPlan(t.db.db, 'member', ['qqzx'])).driven).toBe(!isPostgres(t.db.db));
    for (const staff of [true, false]) {
      const exact = await sql<{ id: number }>`select id from member where deleted_at is null
        and ${staff ? sql`member_type = 'staff'` : sql`member_type <> 'staff'`} and search_text like ${`%${word}%`}
        order by search_text, id limit 5`.execute(t.db.db);
      expect(await hitsOf(word, staff ? 'staff' : 'student')).toEqual(exact.rows.map((r) => Number(r.id)));
    }
  });

  it("moves a member's parts to the kind the member becomes", async () => {
    const id = await staffWith(t, 'kindmove', []);
    expect(await hitsOf('dm', 'staff')).toContain(id);
    expect(await hitsOf('dm', 'student')).not.toContain(id);
    await t.db.db.updateTable('member').set({ memberType: 'student' }).where('id', '=', id).execute();
    expect(await hitsOf('dm', 'student')).toContain(id);
    expect(await hitsOf('dm', 'staff')).not.toContain(id);
    await t.db.db.updateTable('member').set({ memberType: 'staff' }).where('id', '=', id).execute();
    expect(await hitsOf('dm', 'staff')).toContain(id);
  });

  // The group's own query as searchNewest asks it: `keep` drops rows as a group's filter would.
  const pageOf = (keep: RawBuilder<SqlBool>, calls: number[]) => async (holds: RawBuilder<SqlBool>, n: number) => {
    calls.push(n);
    return (
      await t.db.db
        .selectFrom('application')
        .select('id')
        .where('deletedAt', 'is', null)
        .where(keep)
        .where(holds)
        .orderBy('id', 'desc')
        .limit(n)
        .execute()
    ).map((r) => r.id);
  };
  const exactIds = async (holds: RawBuilder<SqlBool>, keep: RawBuilder<SqlBool>) =>
    (
      await sql<{ id: number }>`select id from application where deleted_at is null and ${keep} and ${holds}
        order by id desc limit 5`.execute(t.db.db)
    ).rows.map((r) => Number(r.id));
  const gram = (w: string) =>
    sql<SqlBool>`exists (select 1 from application_gram g where g.gram = ${w} and g.id = application.id)`;
  const like = (w: string) => sql<SqlBool>`search_text like ${`%${w}%`}`;

  it('reads the newest matches a chunk at a time and finds exactly the newest five, whatever the group drops', async () => {
    const cases: [string[], RawBuilder<SqlBool>][] = [
      [['hsua'], like('hsua')],
      [['陳'], gram('陳')],
      [['陳', '怡'], sql<SqlBool>`(${gram('陳')} and ${gram('怡')})`],
      [['hsua', '陳'], sql<SqlBool>`(${like('hsua')} and ${gram('陳')})`],
      [['qqzx'], like('qqzx')],
    ];
    // On PostgreSQL a long word walks the newest rows first, then asks the trigram index below them (decision 256):
    // with the default walk (the newest 200 of the 800 rows here) and a shorter one.
    for (const walk of [undefined, 50])
      for (const [words, holds] of cases)
        for (const keep of [sql<SqlBool>`1 = 1`, sql<SqlBool>`id % 7 = 0`, sql<SqlBool>`id % 97 = 0`]) {
          const calls: number[] = [];
          const found = await searchNewest(t.db.db, 'application', words, 5, pageOf(keep, calls), walk);
          expect(found, `${words.join(' ')} ${walk ?? ''}`).toEqual(await exactIds(holds, keep));
        }
  });

  it('on PostgreSQL, asks the trigram index only below the walked rows, and only when the walk found too few', async () => {
    if (!isPostgres(t.db.db)) return;
    const calls: number[] = [];
    // 'qqzx' is nowhere: the walk and then the index are asked, each for the five still missing.
    expect(await searchNewest(t.db.db, 'application', ['qqzx'], 5, pageOf(sql<SqlBool>`1 = 1`, calls), 50)).toEqual([]);
    expect(calls).toEqual([5, 5]);
    // One in 97 rows kept: the walk of 50 finds none here, the index the rest.
    const some: number[] = [];
    const found = await searchNewest(t.db.db, 'application', ['hsua'], 5, pageOf(sql<SqlBool>`id % 97 = 0`, some), 50);
    expect(found).toEqual(await exactIds(like('hsua'), sql<SqlBool>`id % 97 = 0`));
    expect(some).toEqual([5, 5]);
  });

  it('asks a common word once, for one chunk, when the newest matches hold the page', async () => {
    for (const words of [['hsua'], ['陳']]) {
      const calls: number[] = [];
      const found = await searchNewest(t.db.db, 'application', words, 5, pageOf(sql<SqlBool>`1 = 1`, calls));
      expect(found).toHaveLength(5);
      expect(calls).toEqual([5]);
    }
  });

  it('finds a long number through a part of it, then tests the whole number on each row, as LIKE does', async () => {
    // A number's FTS5 part on SQLite: the run of five with the most distinct digits; words of letters stay whole.
    expect(ftsPart('00001234')).toBe('01234');
    expect(ftsPart('88800071')).toBe('00071');
    expect(ftsPart('1234')).toBe('1234');
    expect(ftsPart('elizabeth')).toBe('elizabeth');
    // Two applications hold the number's part; one the whole number (the other a decoy). Their search text is
    // written as the module writes it, the triggers keeping the FTS5 table.
    const ids = (
      await t.db.db
        .selectFrom('application')
        .select('id')
        .where('deletedAt', 'is', null)
        .orderBy('id')
        .limit(2)
        .execute()
    ).map((r) => r.id);
    const [whole, decoy] = ids as [number, number];
    for (const [id, extra] of [
      [whole, ' 88800071'],
      [decoy, ' 55500071'],
    ] as const)
      await sql`update application set search_text = search_text || ${extra} where id = ${id}`.execute(t.db.db);
    const exact = async (...words: string[]) =>
      (
        await sql<{ id: number }>`select id from application where deleted_at is null
          and ${sql.join(
            words.map((w) => sql`search_text like ${`%${w}%`}`),
            sql` and `,
          )} order by id desc limit 5`.execute(t.db.db)
      ).rows.map((r) => Number(r.id));
    expect(await exact('88800071')).toEqual([whole]);
    expect(await hitsOf('88800071', 'application')).toEqual([whole]);
    // With a short word beside it (a pattern before the number's own on SQLite).
    expect(await hitsOf('88800071 d0', 'application')).toEqual(await exact('88800071', 'd0'));
    expect(await hitsOf('88800071 zq', 'application')).toEqual([]);
    expect(await hitsOf('55500071', 'application')).toEqual([decoy]);
    // The home list's keyword reads the same matching.
    const list = await t.get<{ total: number; list: { id: number }[] }>(
      '/api/v1/mc/applicationRecord/list',
      { keyword: '88800071', pageNum: 1, pageSize: 20 },
      t.admin,
    );
    expect(list.meta.code, list.meta.message).toBe(200);
    expect(list.data.list.map((r) => r.id)).toEqual([whole]);
  });

  it('finds a number of eight characters or more at any place in a word through the tail table, as LIKE does', async () => {
    const rows = await t.db.db
      .selectFrom('application')
      .select(['id', 'searchText'])
      .where('deletedAt', 'is', null)
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    // The number at each of eight places in a word, one longer than a part (twelve characters), in an e-mail
    // address; a decoy holding all but its last digit.
    const words = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => `${'p'.repeat(k)}73914026q`);
    words.push('1739140264451739140265', 'mail73914026@x.test', 'n7391402');
    for (const [i, word] of words.entries())
      await sql`update application set search_text = search_text || ${` ${word}`} where id = ${rows[i]!.id}`.execute(
        t.db.db,
      );
    const exact = async (word: string) =>
      (
        await sql<{
          id: number;
        }>`select id from application where deleted_at is null and search_text like ${`%${word}%`}
          order by id desc limit 5`.execute(t.db.db)
      ).rows.map((r) => Number(r.id));
    const numbers = ['73914026', '7391402', '39140264451739', '9140265', '73914026q', '739140265'];
    // On SQLite the FTS5 table is emptied first: the words of eight characters or more are found without it.
    const fts = (command: string) =>
      sql`insert into application_search (application_search) values (${command})`.execute(t.db.db);
    if (!isPostgres(t.db.db)) await fts('delete-all');
    for (const word of numbers.filter((w) => w.length >= 8 || isPostgres(t.db.db)))
      expect(await hitsOf(word, 'application'), word).toEqual(await exact(word));
    if (!isPostgres(t.db.db)) await fts('rebuild');
    for (const word of numbers) expect(await hitsOf(word, 'application'), word).toEqual(await exact(word));
    expect(await exact('73914026')).toHaveLength(5);
    // The staff group (searchPlan) the same: a phone number's last eight digits and its middle.
    const id = await staffWith(t, 'tailphone', []);
    await sql`update member set search_text = search_text || ' +447700912345' where id = ${id}`.execute(t.db.db);
    const staffExact = async (word: string) =>
      (
        await sql<{ id: number }>`select id from member where deleted_at is null and member_type = 'staff'
          and search_text like ${`%${word}%`} order by search_text, id limit 5`.execute(t.db.db)
      ).rows.map((r) => Number(r.id));
    for (const word of ['70091234', '77009123', '0091234', '4470091']) {
      expect(await hitsOf(word, 'staff'), word).toEqual(await staffExact(word));
      expect(await staffExact(word), word).toEqual(word === '4470091' ? [] : expect.arrayContaining([id]));
    }
    // A changed text takes its old parts out; the rows found are the new text's.
    for (const [i] of words.entries())
      await sql`update application set search_text = ${rows[i]!.searchText} where id = ${rows[i]!.id}`.execute(t.db.db);
    expect(await hitsOf('73914026', 'application')).toEqual([]);
    const { rows: left } = await sql<{ n: number | string }>`select count(*) as n from application_tail
      where tail like '%7391402%'`.execute(t.db.db);
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('reads a number held by thousands through the trigram index, as LIKE finds it', async () => {
    // Staff hold three numbers each ('7771234' and their id, then 'a', 'b' or 'c'): those starting '77712341' make
    // more parts than a tail range reads, three per member, so the trigram index answers, and every member holding
    // it is found (read up to the bound, the parts would have named only some of them).
    await sql`update member set search_text = search_text || ' 7771234' || id || 'a 7771234' || id || 'b 7771234' || id || 'c'
      where id in (select id from member where member_type = 'staff' order by id limit 2000)`.execute(t.db.db);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from member_tail
      where tail like '77712341%'`.execute(t.db.db);
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(GRAM_COMMON);
    const count = async (holds: RawBuilder<SqlBool>) =>
      Number(
        (await sql<{ n: number | string }>`select count(*) as n from member where ${holds}`.execute(t.db.db)).rows[0]!
          .n,
      );
    for (const word of ['77712341', '777123419']) {
      expect(await count((await searchPlan(t.db.db, 'member', [word])).holds), word).toBe(
        await count(sql<SqlBool>`search_text like ${`%${word}%`}`),
      );
      const exact = await sql<{ id: number }>`select id from member where deleted_at is null
        and member_type = 'staff' and search_text like ${`%${word}%`} order by search_text, id limit 5`.execute(
        t.db.db,
      );
      expect(exact.rows.length, word).toBeGreaterThan(0);
      expect(await hitsOf(word, 'staff'), word).toEqual(exact.rows.map((r) => Number(r.id)));
    }
  });
});
