import { beforeAll, describe, expect, it } from 'vitest';
import { PERM, searchText, type ApplicationSaved, type SearchResult } from '@study-crm/shared';
import { sql, type Kysely } from 'kysely';
import * as searchFoldNfkd from '../../db/migrations/20261207_0089_search_fold_nfkd.js';
import { isPostgres } from '../../db/database.js';
import { searchTextHolds } from '../../db/sql-helpers.js';
import type { Values } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';

const URL = '/api/v1/cake/search';

describe('the navbar search box', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  const get = (q: Values, token = t.admin.token) => t.get<SearchResult>(URL, q, { token });
  const ids: Record<string, number> = {};
  const idsOf = async (keyword: string, type = 'application', token = t.admin.token) => {
    const res = await get({ keyword }, token);
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data.groups.find((g) => g.type === type)?.hits.map((h) => h.id) ?? [];
  };
  const batchOf = (status: 'importing' | 'draft' | 'queued', fileName: string) =>
    t.db.db
      .insertInto('smsBatch')
      .values({
        kind: 'batch',
        status,
        fileName,
        accepted: 1,
        rejected: 0,
        createdAt: Date.now(),
        updatedAt: Date.now(),
        searchText: searchText([fileName]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    const apps: [string, Values][] = [
      [
        'zoe',
        {
          name: '陳美玲',
          engLastName: 'Müller',
          engFirstName: 'Zoë Annabelle',
          formerName: '',
          passportNo: 'K98765432',
          email: 'zoe.muller@example.com',
          mobile: '987650001',
        },
      ],
      [
        'wei',
        {
          name: '张伟强',
          engLastName: 'Zhang',
          engFirstName: 'Weiqiang',
          formerName: '',
          passportNo: 'E55512345',
          email: 'wq@example.org',
          mobile: '912340002',
        },
      ],
      [
        'wen',
        {
          name: '鄭大文',
          engLastName: 'Cheng',
          engFirstName: 'Tai Man',
          formerName: '',
          passportNo: 'H11122233',
          email: 'dawen@example.net',
          mobile: '955500003',
        },
      ],
    ];
    for (const [key, v] of apps) {
      const res = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(v), { token: t.admin.token });
      expect(res.meta.code, res.meta.message).toBe(200);
      ids[key] = res.data.id;
    }
    const pay = await t.post(
      '/api/v1/mc/paymentRecord/create',
      {
        applicationId: ids.zoe,
        title: 'Tuition deposit',
        type: 'collection',
        transactionDate: '2026-11-20',
        amount: '100',
        currency: 'GBP',
      },
      { token: t.admin.token },
    );
    expect(pay.meta.code, pay.meta.message).toBe(200);
  });

  it('finds a student by any part of a Latin name, case and accents ignored', async () => {
    expect(await idsOf('nnabel')).toEqual([ids.zoe]);
    expect(await idsOf('ZOE')).toEqual([ids.zoe]);
    expect(await idsOf('müll')).toEqual([ids.zoe]);
    expect(await idsOf('muller annab')).toEqual([ids.zoe]);
    expect(await idsOf('weiqiang zhang')).toEqual([ids.wei]);
    expect(await idsOf('tai man')).toEqual([ids.wen]);
    expect(await idsOf('nobody-like-this')).toEqual([]);
  });

  it('finds Traditional and Simplified Chinese names by any part of three characters, and by their start', async () => {
    expect(await idsOf('陳美玲')).toEqual([ids.zoe]);
    expect(await idsOf('张伟强')).toEqual([ids.wei]);
    expect(await idsOf('鄭大文')).toEqual([ids.wen]);
    // One or two characters: the start of a name.
    expect(await idsOf('陳')).toContain(ids.zoe);
    expect(await idsOf('张伟')).toEqual([ids.wei]);
    expect(await idsOf('ch')).toContain(ids.wen);
  });

  it('finds by fragments of the passport number, e-mail and phone', async () => {
    expect(await idsOf('98765')).toEqual([ids.zoe]);
    expect(await idsOf('k9876')).toEqual([ids.zoe]);
    expect(await idsOf('@example.org')).toEqual([ids.wei]);
    expect(await idsOf('dawen@')).toEqual([ids.wen]);
    expect(await idsOf('5550000')).toEqual([ids.wen]);
  });

  it('answers the other groups the administrator may see', async () => {
    const res = await get({ keyword: 'deposit' });
    const pay = res.data.groups.find((g) => g.type === 'payment');
    expect(pay?.hits[0]?.applicationId).toBe(ids.zoe);
    expect(pay?.hits[0]?.title).toContain('Tuition deposit');
    const admin = await get({ keyword: 'admin', types: 'staff' });
    expect(admin.data.groups.map((g) => g.type)).toEqual(['staff']);
  });

  it('answers only the groups whose list the caller may see, and refuses the others', async () => {
    await staffWith(t, 'searchapps', [PERM.applicationList]);
    const caller = await t.login('searchapps', 'Staff#2026pass');
    const res = await get({ keyword: 'zoe' }, caller.token);
    expect(res.data.groups.map((g) => g.type)).toEqual(['application']);
    expect((await get({ keyword: 'deposit' }, caller.token)).data.groups).toEqual([]);
    const refused = await get({ keyword: 'deposit', types: 'payment' }, caller.token);
    expect(refused.meta.code).toBe(403);
    await staffWith(t, 'searchnone', []);
    const none = await t.login('searchnone', 'Staff#2026pass');
    expect((await get({ keyword: 'zoe' }, none.token)).data.groups).toEqual([]);
    expect((await get({ keyword: 'zoe', types: 'application' }, none.token)).meta.code).toBe(403);
    expect((await t.get(URL, { keyword: 'zoe' }, { token: null })).meta.code).toBe(401);
  });

  it('answers student accounts to holders of the account list, never staff among them', async () => {
    const admin = await get({ keyword: 'nnabel', types: 'student' });
    expect(admin.data.groups.map((g) => g.type)).toEqual(['student']);
    expect(admin.data.groups[0]!.hits[0]!.title).toContain('Müller');
    expect((await get({ keyword: 'admin', types: 'student' })).data.groups).toEqual([]);
    await staffWith(t, 'searchaccounts', [PERM.userList]);
    const caller = await t.login('searchaccounts', 'Staff#2026pass');
    expect((await get({ keyword: 'nnabel' }, caller.token)).data.groups.map((g) => g.type)).toEqual(['student']);
    expect((await get({ keyword: 'nnabel', types: 'staff' }, caller.token)).meta.code).toBe(403);
  });

  it('refuses bad input with 400 naming the field', async () => {
    expectParamError(await get({}), 'keyword');
    expectParamError(await get({ keyword: '' }), 'keyword');
    expectParamError(await get({ keyword: '   ' }), 'keyword');
    expectParamError(await get({ keyword: 'ab\u0000c' }), 'keyword');
    expectParamError(await get({ keyword: 'x'.repeat(101) }), 'keyword');
    expectParamError(await get({ keyword: 'zoe', types: 'secrets' }), 'types');
    expectParamError(await get({ keyword: 'zoe', limit: 99 }), 'limit');
  });

  it('follows a changed name: the new one is found, the old one no more', async () => {
    const id = ids.wen!;
    const res = await t.post(
      `${BASE}/update`,
      fullForm({
        id,
        version: 1,
        name: '鄭大文',
        engLastName: 'Cheng',
        engFirstName: 'Bartholomew',
        formerName: '',
        passportNo: 'H11122233',
        email: 'dawen@example.net',
        mobile: '955500003',
      }),
      { token: t.admin.token },
    );
    expect(res.meta.code, res.meta.message).toBe(200);
    expect(await idsOf('tholom')).toEqual([id]);
    expect(await idsOf('tai man')).toEqual([]);
  });

  it('finds feedback by the sender, and e-mails and SMS batches by subject and file name', async () => {
    await staffWith(t, 'searchfb', []);
    const member = await t.login('searchfb', 'Staff#2026pass');
    const fb = await t.post<{ id: number }>(
      '/api/v1/member/feedbacks/submit',
      { content: 'Where is my offer?' },
      member,
    );
    expect(fb.meta.code, fb.meta.message).toBe(200);
    expect(await idsOf('searchfb', 'feedback')).toEqual([fb.data.id]);

    const db = t.db.db;
    const now = Date.now();
    const sender = await db
      .insertInto('mailSender')
      .values({
        displayName: 'Search',
        host: 'smtp.example.com',
        port: 25,
        account: 'a@example.com',
        passwordEnc: 'x',
        tlsMode: 'none',
        replyTo: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subject = 'Visa appointment reminder — Université';
    const email = await db
      .insertInto('emailMessage')
      .values({
        senderId: sender.id,
        subject,
        content: 'x',
        bodyHtml: 'x',
        platform: 'web',
        createdAt: now,
        updatedAt: now,
        searchText: searchText([subject]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await idsOf('universite', 'email')).toEqual([email.id]);
    const batch = await batchOf('queued', 'november-offers.xlsx');
    expect(await idsOf('offers.xls', 'sms')).toEqual([batch.id]);
  });

  it('lists no SMS batch the SMS list does not show: neither a draft nor a half-written upload', async () => {
    const queued = await batchOf('queued', 'zanzibar-queued.xlsx');
    await batchOf('draft', 'zanzibar-draft.xlsx');
    await batchOf('importing', 'zanzibar-importing.xlsx');
    expect(await idsOf('zanzibar', 'sms')).toEqual([queued.id]);
    expect(await idsOf('zanzibar-draft', 'sms')).toEqual([]);
    expect(await idsOf('importing', 'sms')).toEqual([]);
    // One or two characters go through the short-parts table, filtered the same way.
    expect(await idsOf('za', 'sms')).toEqual([queued.id]);
  });

  // Decision 347: the fold maps compatibility forms (NFKD), so full-width input finds the plain letters and digits.
  it('finds a record by what a CJK input method types in full width', async () => {
    expect(await idsOf('ＭＵＬＬＥＲ')).toEqual([ids.zoe]);
    expect(await idsOf('Ｋ９８７６５４３２')).toEqual([ids.zoe]);
    expect(await idsOf('ｚｏｅ　ａｎｎａｂｅｌｌｅ')).toEqual([ids.zoe]);
    // Ideographs and accents fold as before.
    expect(await idsOf('美玲')).toEqual([ids.zoe]);
    expect(await idsOf('zoë')).toEqual([ids.zoe]);
  });

  it('folds the search text written before again, with its indexes (migration 0089)', async () => {
    const raw = t.db.db.withoutPlugins() as unknown as Kysely<unknown>;
    // As the NFD fold kept them: full-width letters and digits stayed as typed.
    const oldFold = (v: string) => v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
    const { rows } = await sql<{ id: number }>`insert into feedback
      (name, email, area_code, mobile, content, locale, status, reply_count, created_at, search_text)
      values ('Ｑｕｉｎｔｏｎ Ｘｕ', null, '44', '７７００９００４５６', 'x', 'en-US', 'open', 0, ${Date.now()},
        ${[oldFold('Ｑｕｉｎｔｏｎ Ｘｕ'), oldFold('７７００９００４５６')].join(' ')})
      returning id`.execute(raw);
    const id = rows[0]!.id;
    const found = async () =>
      Promise.all(['quinton', 'xu', '7700900456', 'ｑｕｉｎｔｏｎ'].map((w) => idsOf(w, 'feedback')));
    // A long word (full-text or trigram index), a short one (short parts), a number (tails): none before.
    expect(await found()).toEqual([[], [], [], []]);
    await searchFoldNfkd.up(raw);
    expect(await found()).toEqual([[id], [id], [id], [id]]);
  });

  it('reads the matches through the trigram index on each engine', async () => {
    const db = t.db.db;
    const q = db
      .selectFrom('application')
      .select('id')
      .where(searchTextHolds(db, 'application', ['nnabel'])!)
      .compile();
    if (isPostgres(db as never)) {
      const plan = await db.transaction().execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        return sql
          .raw<{ 'QUERY PLAN': string }>(
            `explain ${q.sql.replace(/\$(\d+)/g, (_, n) => `'${String(q.parameters[Number(n) - 1]).replace(/'/g, "''")}'`)}`,
          )
          .execute(tx);
      });
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('application_search_text_trgm_ix');
    } else {
      const params = [...q.parameters];
      const plan = await sql
        .raw<{ detail: string }>(`explain query plan ${q.sql.replace(/\?/g, () => `'${String(params.shift())}'`)}`)
        .execute(db);
      expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/VIRTUAL TABLE INDEX/);
    }
  });
});
