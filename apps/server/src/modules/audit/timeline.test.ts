import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, PERM, type ApplicationSaved, type SmsUploadResult, type TimelinePage } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, fullForm, PDF_MINI, staffWith } from '../../test/application-fixtures.js';
import { recipientFile, SMS, uploadFile } from '../../test/sms-fixtures.js';
import { addSenderFor, startSmtpServer } from '../../test/smtp-fixture.js';
import { expectParamError } from '../../test/expect-envelope.js';
import type { Values } from '../../test/harness.js';

const URL = '/admin/v1/sys/timeline';
const tick = () => new Promise((r) => setTimeout(r, 3));

const smtp = await startSmtpServer({ user: 'office@example.com', pass: 'right-pass' });
afterAll(() => smtp.close());

describe("a record's timeline", () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  const get = (q: Values, token = t.admin.token) => t.get<TimelinePage>(URL, q, { token });
  let appId: number;

  beforeAll(async () => {
    const ok = (res: { meta: { code: number; message: string } }) => expect(res.meta.code, res.meta.message).toBe(200);
    appId = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ name: '時間線' }), t.admin)).data.id;
    await tick();
    ok(await t.post(`${BASE}/update`, fullForm({ id: appId, version: 1, name: '時間線', city: 'York' }), t.admin));
    await tick();
    ok(await t.post(`/api/v1/mc/followUp/add`, { applicationId: appId, service: 'visa' }, t.admin));
    await tick();
    const senderId = await addSenderFor(t, smtp, t.admin);
    ok(
      await t.post(
        '/admin/v1/message/email/add',
        {
          senderId,
          platform: 'WEB',
          recipients: 'xiaoming@example.com',
          subject: 'Your offer',
          content: '<p>Hello</p>',
        },
        t.admin,
      ),
    );
    await tick();
    const up = await uploadFile<SmsUploadResult>(t, t.admin.token, {
      name: 'list.xlsx',
      content: await recipientFile([['0912345678', 'TW', '']]),
    });
    ok(up);
    ok(await t.post(`${SMS}/batchPush`, { id: up.data.id, terminal: 'admin', content: 'Visa day' }, t.admin));
    await tick();
    ok(
      await t.upload(
        `${BASE}/uploadFile`,
        { applicationId: String(appId), title: 'Passport', type: 'passport' },
        { name: 'passport.pdf', content: PDF_MINI },
        { token: t.admin.token },
      ),
    );
    await tick();
    ok(
      await t.post(
        '/api/v1/mc/paymentRecord/create',
        {
          applicationId: appId,
          title: 'Deposit',
          type: 'collection',
          transactionDate: '2026-11-20',
          amount: '1200.50',
          currency: 'GBP',
        },
        t.admin,
      ),
    );
  });

  it('shows changes with their diff, a follow-up, an e-mail, an SMS, a file and a payment, newest first', async () => {
    const res = await get({ recordType: 'application', recordId: appId });
    expect(res.meta.code, res.meta.message).toBe(200);
    const { events, next } = res.data;
    expect(next).toBeNull();
    expect(events.map((e) => e.kind)).toEqual(['payment', 'file', 'sms', 'email', 'followUp', 'change', 'change']);
    const [payment, file, sms, email, follow, update, create] = events;
    expect(payment).toMatchObject({ title: 'Deposit', amount: { minor: 120050, currency: 'GBP' } });
    expect(payment!.actor?.id).toBe(t.admin.mid);
    expect(file).toMatchObject({ title: 'Passport', detail: 'pdf' });
    expect(sms).toMatchObject({ title: 'Visa day', detail: 'queued' });
    expect(email).toMatchObject({ title: 'Your offer', detail: 'queued' });
    expect(follow!.title).toContain('visa');
    expect(update).toMatchObject({ title: 'application.update', outcome: 'ok' });
    expect(update!.changes).toContainEqual({ id: appId, field: 'city', before: 'Taipei', after: 'York' });
    expect(create!.title).toBe('application.create');
    for (let i = 1; i < events.length; i++) expect(events[i - 1]!.at).toBeGreaterThanOrEqual(events[i]!.at);
  });

  it('pages by keyset: each page starts after the last event of the one before, to the end', async () => {
    const all = (await get({ recordType: 'application', recordId: appId })).data.events.map((e) => e.key);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i++) {
      const page: TimelinePage = (
        await get({ recordType: 'application', recordId: appId, pageSize: 3, ...(cursor ? { cursor } : {}) })
      ).data;
      seen.push(...page.events.map((e) => e.key));
      cursor = page.next;
      if (!cursor) break;
    }
    expect(seen).toEqual(all);
    expect(cursor).toBeNull();
  });

  it('shows only the kinds of event the caller may list, and refuses a record they cannot see', async () => {
    await staffWith(t, 'tlpay', [PERM.applicationView, PERM.paymentList]);
    const pay = await t.login('tlpay', 'Staff#2026pass');
    const mine = await get({ recordType: 'application', recordId: appId }, pay.token);
    expect(mine.data.events.map((e) => e.kind)).toEqual(['payment']);

    await staffWith(t, 'tlnone', [PERM.paymentList, PERM.auditList]);
    const none = await t.login('tlnone', 'Staff#2026pass');
    expect((await get({ recordType: 'application', recordId: appId }, none.token)).meta.code).toBe(Code.FORBIDDEN);
    expect((await get({ recordType: 'role', recordId: 1 }, none.token)).meta.code).toBe(Code.FORBIDDEN);
  });

  it('answers 404 for no such record and 400 naming a bad field', async () => {
    expect((await get({ recordType: 'application', recordId: 999999 })).meta.code).toBe(404);
    expectParamError(await get({ recordType: 'application', recordId: appId, cursor: '1.2' }), 'cursor');
    expectParamError(await get({ recordType: 'application\u0000', recordId: appId }), 'recordType');
    expectParamError(await get({ recordType: 'session', recordId: appId }), 'recordType');
    expectParamError(await get({ recordType: 'application', recordId: 2 ** 31 }), 'recordId');
    expectParamError(await get({ recordType: 'application', recordId: appId, pageSize: 51 }), 'pageSize');
  });

  it('shows the changes of a role', async () => {
    const perm = await t.db.db
      .selectFrom('permission')
      .select('id')
      .where('perm', '=', PERM.roleList)
      .executeTakeFirst();
    const role = await t.post<{ id: number }>(
      '/api/v1/mc/sys/role/add',
      { name: 'ROLE_TIMELINE', cnName: '時間線角色', kind: 'general', permissionIds: String(perm!.id) },
      t.admin,
    );
    expect(role.meta.code, role.meta.message).toBe(200);
    const res = await get({ recordType: 'role', recordId: role.data.id });
    expect(res.data.events.map((e) => e.title)).toEqual(['role.add']);
  });
});
