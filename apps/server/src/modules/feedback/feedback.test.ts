import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  PERM,
  type FeedbackDetail,
  type FeedbackItem,
  type MessageBox,
  type Page,
  type SearchResult,
  searchText,
} from '@study-crm/shared';
import { sql, type Kysely } from 'kysely';
import {
  APP_ID,
  SIGN,
  startTestApp,
  TEST_CAPTCHA,
  type Envelope,
  type TestApp,
  type Values,
} from '../../test/harness.js';
import { staffWith } from '../../test/application-fixtures.js';
import { addSenderFor, startSmtpServer } from '../../test/smtp-fixture.js';
import * as feedbackMobile from '../../db/migrations/20261207_0087_feedback_mobile.js';
import { SUBMIT_LIMIT } from './index.js';

const FB = '/api/v1/mc/feedbacks';
const STAFF_PASSWORD = 'Staff#2026pass';
let ipSeq = 0;
// Each submission gets its own address unless a test shares one: the per-address limit is tested on its own.
const nextIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

describe('feedback', () => {
  let t: TestApp;
  let admin: { token: string; mid: number };
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let readerToken: string;
  let answererId: number;
  let answererToken: string;
  let nobodyToken: string;

  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'office@example.com', pass: 'right-pass' });
    t = await startTestApp({ env: { DELIVERY_POLL_MS: '20' } });
    admin = await t.login();
    await addSenderFor(t, smtp, admin, { displayName: 'Study CRM' });
    await staffWith(t, 'fbreader', [PERM.feedbackList]);
    answererId = await staffWith(t, 'fbanswer', [PERM.feedbackList, PERM.feedbackAnswer]);
    await staffWith(t, 'fbnobody', []);
    readerToken = (await t.login('fbreader', STAFF_PASSWORD)).token;
    answererToken = (await t.login('fbanswer', STAFF_PASSWORD)).token;
    nobodyToken = (await t.login('fbnobody', STAFF_PASSWORD)).token;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  // The public call as a website would send it, from one address.
  async function submit(body: Values, ip = nextIp(), withCaptcha = true) {
    const key = withCaptcha ? await t.captcha() : undefined;
    const payload = new URLSearchParams();
    const all: Values = { appId: APP_ID, mcId: 'COM', ...(key ? { key, code: TEST_CAPTCHA } : {}), ...body };
    for (const [k, v] of Object.entries(all)) if (v !== undefined && v !== null) payload.set(k, String(v));
    const res = await t.app.inject({
      method: 'POST',
      url: `${FB}/submit`,
      remoteAddress: ip,
      headers: { sign: SIGN, 'accept-language': 'en-US', 'content-type': 'application/x-www-form-urlencoded' },
      payload: payload.toString(),
    });
    return res.json() as Envelope<{ id: number }>;
  }
  const valid = (o: Values = {}): Values => ({
    name: 'Amy Chen',
    email: 'amy@example.com',
    content: 'When does the UCAS deadline close?',
    ...o,
  });
  const list = (q: Values = {}, token = admin.token) => t.get<Page<FeedbackItem>>(`${FB}/list`, q, { token });
  const detail = (id: number, token = admin.token) => t.get<FeedbackDetail>(`${FB}/getDetail`, { id }, { token });
  const answer = (id: number, content: string, token = admin.token) =>
    t.post<FeedbackDetail>(`${FB}/answer`, { id, content }, { token });
  const box = (token: string) =>
    t.get<MessageBox>('/api/v1/message/box', { pageSize: 50 }, { token }).then((r) => r.data);
  const feedbackTodos = async (token: string, id: number) =>
    (await box(token)).todo.list.filter((x) => x.kind === 'feedback' && x.link === `/feedbackManage/feedback?id=${id}`);
  async function waitForMail(address: string, count: number) {
    for (let i = 0; i < 200 && smtp.mailsTo(address).length < count; i += 1)
      await new Promise((r) => setTimeout(r, 25));
    return smtp.mailsTo(address);
  }

  describe('public submission', () => {
    it('stores the feedback with HTML stripped and shows it at the top of the list', async () => {
      const res = await submit(
        valid({
          name: '<b>Amy</b> Chen',
          content: '<p>Hello <script>alert(1)</script><img src=x onerror=alert(2)>team</p>&lt;i&gt;x&lt;/i&gt;',
        }),
      );
      expect(res.meta.code).toBe(200);
      const d = await detail(res.data.id);
      expect(d.data).toMatchObject({ name: 'Amy Chen', status: 'open', replyCount: 0, replies: [], reply: null });
      expect(d.data.content).toBe('Hello teamx');
      expect(d.data.content).not.toMatch(/[<>]/);
      const page = await list();
      expect(page.data.list[0]).toMatchObject({ id: res.data.id, excerpt: 'Hello teamx', repliedAt: null });
    });

    it('refuses a wrong captcha (4001), a reused one (4002) and a missing one (400 naming key)', async () => {
      const key = await t.captcha();
      const wrong = await submit(valid({ key, code: 'NOPE' }), nextIp(), false);
      expect(wrong.meta.code).toBe(Code.CAPTCHA_ERROR);
      const reused = await submit(valid({ key, code: TEST_CAPTCHA }), nextIp(), false);
      expect(reused.meta.code).toBe(Code.CAPTCHA_EXPIRED);
      const missing = await submit(valid(), nextIp(), false);
      expect(missing.meta.code).toBe(400);
      expect(missing.meta.message).toContain('key');
    });

    it('applies the e-mail and phone rules and names the field', async () => {
      const cases: [Values, string][] = [
        [{ email: 'not-an-email' }, 'email'],
        [{ email: null }, 'email'],
        [{ email: null, mobile: '7700900123' }, 'areaCode'],
        [{ email: null, areaCode: '44', mobile: '12' }, 'mobile'],
        [{ name: '' }, 'name'],
        [{ content: '   ' }, 'content'],
        [{ content: 'a\u0000b' }, 'content'],
      ];
      for (const [o, field] of cases) {
        const res = await submit(valid(o));
        expect(res.meta.code, JSON.stringify(o)).toBe(400);
        expect(res.meta.message, JSON.stringify(o)).toContain(field);
      }
      // Content that is only markup is empty once stripped.
      const onlyTags = await submit(valid({ content: '<script>x</script><br>' }));
      expect(onlyTags.meta).toMatchObject({ code: 400 });
      expect(onlyTags.meta.message).toContain('content');
      const phoneOnly = await submit(valid({ email: null, areaCode: '+44', mobile: '07700 900123' }));
      expect(phoneOnly.meta.code).toBe(200);
      expect((await detail(phoneOnly.data.id)).data).toMatchObject({ email: null, areaCode: '44' });
    });

    it('limits submissions per address, counted in the database even when they arrive at once', async () => {
      const ip = '10.77.0.1';
      const all = await Promise.all(Array.from({ length: SUBMIT_LIMIT.max + 3 }, () => submit(valid(), ip)));
      const codes = all.map((r) => r.meta.code);
      expect(codes.filter((c) => c === 200)).toHaveLength(SUBMIT_LIMIT.max);
      expect(codes.filter((c) => c === Code.TOO_MANY_ATTEMPTS)).toHaveLength(3);
      // Another address is not affected.
      expect((await submit(valid(), '10.77.0.2')).meta.code).toBe(200);
    });
  });

  describe('list', () => {
    let ids: number[];
    beforeAll(async () => {
      ids = [];
      for (const o of [
        { name: 'Filter Zed', email: 'zed@filter.test', content: 'visa question' },
        { name: 'Filter Yan', email: null, areaCode: '852', mobile: '91234567', content: 'scholarship praise' },
      ]) {
        ids.push((await submit(valid(o))).data.id);
      }
      await answer(ids[1]!, 'Thank you!');
    });

    it('searches name, phone, e-mail and content', async () => {
      expect((await list({ keyword: 'zed@filter' })).data.list.map((r) => r.id)).toEqual([ids[0]]);
      expect((await list({ keyword: '9123456' })).data.list.map((r) => r.id)).toEqual([ids[1]]);
      expect((await list({ keyword: 'filter yan' })).data.list.map((r) => r.id)).toEqual([ids[1]]);
      expect((await list({ keyword: 'VISA QUEST' })).data.list.map((r) => r.id)).toEqual([ids[0]]);
      expect((await list({ keyword: '100%_' })).data.total).toBe(0);
    });

    it('filters by status and message time and pages', async () => {
      const answered = await list({ status: 'answered', keyword: 'filter' });
      expect(answered.data.list.map((r) => r.id)).toEqual([ids[1]]);
      expect(answered.data.list[0]!.repliedAt).toEqual(expect.any(Number));
      expect(answered.data.list[0]!.repliedBy?.id).toBe(admin.mid);
      const open = await list({ status: 'open', keyword: 'filter' });
      expect(open.data.list.map((r) => r.id)).toEqual([ids[0]]);
      const now = Date.now();
      expect((await list({ keyword: 'filter', from: now + 60_000 })).data.total).toBe(0);
      expect((await list({ keyword: 'filter', from: now - 3_600_000, to: now + 60_000 })).data.total).toBe(2);
      const paged = await list({ pageSize: 1, pageNum: 2, keyword: 'filter' });
      expect(paged.data).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
      expect(paged.data.list.map((r) => r.id)).toEqual([ids[0]]);
      expect((await list({ status: 'bogus' })).meta.code).toBe(400);
      expect((await list({ from: 'yesterday' })).meta.message).toContain('from');
    });

    it('exports the filtered list as an .xlsx workbook', async () => {
      // Through the export module, as every list (decision 203).
      const filters = encodeURIComponent(JSON.stringify({ keyword: 'filter' }));
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/export/file?appId=${APP_ID}&mcId=COM&list=feedback&filters=${filters}&locale=en-US`,
        headers: t.headers({ token: admin.token }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).getCell(1).value).toBe('Name');
      const names = [2, 3].map((n) => sheet.getRow(n).getCell(1).value);
      expect(names).toEqual(['Filter Yan', 'Filter Zed']);
      expect(sheet.getRow(2).getCell(5).value).toBe('Answered');
      expect(sheet.getRow(2).getCell(7).value).toBe('Thank you!');
      expect(sheet.rowCount).toBe(3);
    });

    // Decision 347: the number is kept as the member module keeps it, so its digits are found.
    const searchBox = async (keyword: string) => {
      const res = await t.get<SearchResult>('/api/v1/cake/search', { keyword }, { token: admin.token });
      expect(res.meta.code, res.meta.message).toBe(200);
      return res.data.groups.find((g) => g.type === 'feedback')?.hits.map((h) => h.id) ?? [];
    };
    const listed = async (keyword: string) => (await list({ keyword })).data.list.map((r) => r.id);

    it('keeps a mobile typed with spaces and a trunk 0 as its digits, found by the list and the search box', async () => {
      const res = await submit(valid({ name: 'Typed Phone', email: null, areaCode: '44', mobile: '07700 900125' }));
      expect(res.meta.code, res.meta.message).toBe(200);
      expect((await detail(res.data.id)).data).toMatchObject({ areaCode: '44', mobile: '7700900125' });
      expect(await listed('07700900125')).toEqual([res.data.id]);
      expect(await listed('07700 900125')).toEqual([res.data.id]);
      expect(await listed('900125')).toEqual([res.data.id]);
      expect(await searchBox('7700900125')).toEqual([res.data.id]);
    });

    it('re-writes the mobiles kept as typed before, with their search text (migration 0087)', async () => {
      // The migrations' view of the database: no plugins, no table types.
      const raw = t.db.db.withoutPlugins() as unknown as Kysely<unknown>;
      const { rows } = await sql<{ id: number }>`insert into feedback
        (name, email, area_code, mobile, content, locale, status, reply_count, created_at, search_text)
        values ('Old Phone', null, '44', '07700-900 124', 'old', 'en-US', 'open', 0, ${Date.now()},
          ${searchText(['Old Phone', null, '07700-900 124'])})
        returning id`.execute(raw);
      const id = rows[0]!.id;
      expect(await searchBox('7700900124')).toEqual([]);
      await feedbackMobile.up(raw);
      expect((await detail(id)).data).toMatchObject({ areaCode: '44', mobile: '7700900124' });
      expect(await listed('07700900124')).toEqual([id]);
      expect(await searchBox('7700900124')).toEqual([id]);
      expect(await searchBox('old phone')).toEqual([id]);
    });
  });

  describe('replies', () => {
    it('stores the reply thread, e-mails the sender through the outbox and clears every to-do', async () => {
      const { data } = await submit(
        valid({ email: 'parent@example.com', content: 'Line one\nLine {{ two }}', name: 'Parent Lee' }),
      );
      const id = data.id;
      // A to-do for every staff member who may answer, none for one who may only read.
      expect(await feedbackTodos(admin.token, id)).toHaveLength(1);
      expect(await feedbackTodos(answererToken, id)).toHaveLength(1);
      expect(await feedbackTodos(readerToken, id)).toHaveLength(0);
      expect((await feedbackTodos(admin.token, id))[0]!.title).toContain('Parent Lee');

      const res = await answer(id, 'We will call you {{ recipient.email }} <b>soon</b>.', answererToken);
      expect(res.meta.code).toBe(200);
      expect(res.data).toMatchObject({ status: 'answered', replyCount: 1, repliedBy: { id: answererId } });
      expect(res.data.replies).toEqual([
        expect.objectContaining({
          content: 'We will call you {{ recipient.email }} soon.',
          author: expect.objectContaining({ id: answererId }),
          emailed: 1,
          messaged: 0,
        }),
      ]);
      expect(await feedbackTodos(admin.token, id)).toHaveLength(0);
      expect(await feedbackTodos(answererToken, id)).toHaveLength(0);

      const [mail] = await waitForMail('parent@example.com', 1);
      expect(mail!.mail.subject).toBe('Re: your feedback');
      expect(mail!.mail.text).toContain('We will call you {{ recipient.email }} soon.');
      expect(mail!.mail.text).toContain('> Line {{ two }}');

      // A follow-up reply keeps the thread; the first reply is unchanged.
      const again = await answer(id, 'Follow-up: booked for Monday.');
      expect(again.data.replies.map((r) => r.content)).toEqual([
        'We will call you {{ recipient.email }} soon.',
        'Follow-up: booked for Monday.',
      ]);
      expect(again.data).toMatchObject({ replyCount: 2, reply: 'Follow-up: booked for Monday.' });
      expect(await waitForMail('parent@example.com', 2)).toHaveLength(2);
    });

    it('requires reply content and refuses unknown or huge ids', async () => {
      const { data } = await submit(valid());
      for (const content of ['', '   ', '<br><script>x</script>']) {
        const res = await answer(data.id, content);
        expect(res.meta.code).toBe(400);
        expect(res.meta.message).toContain('content');
      }
      expect((await answer(99_999, 'hi')).meta.code).toBe(404);
      expect((await answer(2 ** 40, 'hi')).meta.code).toBe(400);
      expect((await detail(99_999)).meta.code).toBe(404);
      expect((await detail(data.id)).data.status).toBe('open');
    });

    it('keeps both of two answers sent at once and clears the to-dos once', async () => {
      const { data } = await submit(valid({ email: null, areaCode: '44', mobile: '7700900124' }));
      const [a, b] = await Promise.all([answer(data.id, 'First'), answer(data.id, 'Second', answererToken)]);
      expect([a.meta.code, b.meta.code]).toEqual([200, 200]);
      const d = (await detail(data.id)).data;
      expect(d.replyCount).toBe(2);
      expect(d.replies.map((r) => r.content).sort()).toEqual(['First', 'Second']);
      expect(d.replies.every((r) => r.emailed === 0)).toBe(true);
      expect(await feedbackTodos(admin.token, data.id)).toHaveLength(0);
    });

    it("delivers a reply to a signed-in member's message box and e-mail", async () => {
      const memberId = await staffWith(t, 'fbmember', []);
      await t.db.db.updateTable('member').set({ email: 'fbmember@example.com' }).where('id', '=', memberId).execute();
      const token = (await t.login('fbmember', STAFF_PASSWORD)).token;
      const mine = await t.post<{ id: number }>(
        '/api/v1/member/feedbacks/submit',
        { content: 'My <i>own</i> question' },
        { token },
      );
      expect(mine.meta.code).toBe(200);
      const d = (await detail(mine.data.id)).data;
      expect(d).toMatchObject({ member: { id: memberId }, email: 'fbmember@example.com', content: 'My own question' });
      const res = await answer(mine.data.id, 'Here is the answer.');
      expect(res.data.replies[0]).toMatchObject({ emailed: 1, messaged: 1 });
      const messages = (await box(token)).message.list;
      expect(messages[0]).toMatchObject({ title: 'Re: your feedback', content: 'Here is the answer.' });
      expect(await waitForMail('fbmember@example.com', 1)).toHaveLength(1);
    });
  });

  describe('access', () => {
    it('refuses callers without the permission (403) and without a session (401)', async () => {
      const { data } = await submit(valid());
      expect((await list({}, nobodyToken)).meta.code).toBe(403);
      expect((await detail(data.id, nobodyToken)).meta.code).toBe(403);
      expect((await list({}, readerToken)).meta.code).toBe(200);
      expect((await answer(data.id, 'x', readerToken)).meta.code).toBe(403);
      expect((await t.get(`${FB}/list`, {}, {})).meta.code).toBe(401);
      expect((await t.post('/api/v1/member/feedbacks/submit', { content: 'x' }, {})).meta.code).toBe(401);
      const exp = await t.post('/api/v1/export/start', { list: 'feedback', filters: '{}' }, { token: nobodyToken });
      expect(exp.meta.code).toBe(403);
    });
  });
});

describe('feedback without a mail server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores the reply and says no e-mail was queued instead of reporting it sent', async () => {
    const { token } = await t.login();
    const key = await t.captcha();
    const sent = await t.post<{ id: number }>(`${FB}/submit`, {
      name: 'No Mail',
      email: 'nomail@example.com',
      content: 'hello',
      key,
      code: TEST_CAPTCHA,
    });
    expect(sent.meta.code).toBe(200);
    const res = await t.post<FeedbackDetail>(`${FB}/answer`, { id: sent.data.id, content: 'Thanks' }, { token });
    expect(res.data.replies[0]).toMatchObject({ content: 'Thanks', emailed: 0 });
    const outbox = await t.db.db.selectFrom('deliveryOutbox').select('id').execute();
    expect(outbox).toHaveLength(0);
  });
});
