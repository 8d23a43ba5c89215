import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressObject } from 'mailparser';
import { PERM, type Email, type EmailDetail, type EmailRecipient, type MailSender, type Page } from '@study-crm/shared';
import { STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { staffWith } from '../../test/application-fixtures.js';
import { testClock } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { addSenderFor, useSmtpServer } from '../../test/smtp-fixture.js';

const EMAIL = '/admin/v1/message/email';
const smtp = await useSmtpServer();

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address));

// Cc, Bcc, Reply-To and send later (issue 36), as the in-process SMTP server receives them.
describe('e-mail recipients, reply-to and send later', () => {
  const clock = testClock(Date.now());
  const t = useTestApp({ signIn: true, clock, env: { DELIVERY_WORKER: 'off' } });
  let senderId: number;

  beforeAll(async () => {
    senderId = await addSenderFor(t, smtp, t.admin, { displayName: 'Office', replyTo: 'advisers@example.com' });
  });

  const add = (v: Record<string, string | number | null>, locale = 'en-US') =>
    t.post<{ id: number }>(
      `${EMAIL}/add`,
      { senderId, platform: 'WEB', subject: 'Hello', content: '<p>Hi</p>', ...v },
      { token: t.admin.token, locale },
    );
  const view = (id: number) => t.get<EmailDetail>(`${EMAIL}/view`, { id }, { token: t.admin.token });
  const recipientsOf = async (id: number) =>
    (await t.get<Page<EmailRecipient>>(`${EMAIL}/recipients`, { id, pageSize: 100 }, { token: t.admin.token })).data
      .list;
  const drain = async () => {
    for (let i = 0; i < 50; i += 1) if ((await t.app.delivery.runOnce()) === 0) return;
  };

  it('sends To and Cc with their headers, Bcc in no header, an address in To and Cc once, and Reply-To', async () => {
    const res = await add({
      recipients: 'amy@example.com, ben@example.com',
      cc: 'cat@example.com, AMY@example.com',
      bcc: 'dan@example.com, cat@example.com',
    });
    expect(res.meta.code).toBe(200);
    await drain();
    const detail = (await view(res.data.id)).data;
    expect((await recipientsOf(res.data.id)).map((r) => [r.recipient, r.role, r.status])).toEqual([
      ['amy@example.com', 'to', 'sent'],
      ['ben@example.com', 'to', 'sent'],
      ['cat@example.com', 'cc', 'sent'],
      ['dan@example.com', 'bcc', 'sent'],
    ]);
    expect(detail.recipientCount).toBe(4);
    // One message per recipient, each to its own envelope; the same headers for all.
    for (const a of ['amy@example.com', 'ben@example.com', 'cat@example.com', 'dan@example.com'])
      expect(smtp.mailsTo(a).map((r) => r.envelopeTo)).toEqual([[a]]);
    for (const a of ['amy@example.com', 'cat@example.com', 'dan@example.com']) {
      const { mail } = smtp.mailsTo(a)[0]!;
      expect(addresses(mail.to)).toEqual(['amy@example.com', 'ben@example.com']);
      expect(addresses(mail.cc)).toEqual(['cat@example.com']);
      expect(mail.bcc).toBeUndefined();
      expect(mail.headerLines.some((h) => h.line.includes('dan@example.com'))).toBe(false);
      expect(addresses(mail.replyTo)).toEqual(['advisers@example.com']);
    }
    // The list counts what the detail lists: the outbox rows.
    const list = await t.get<Page<Email>>(`${EMAIL}/list`, { keyword: 'dan@' }, { token: t.admin.token });
    expect(list.data.list.map((e) => [e.id, e.recipientCount, e.summary.sent])).toEqual([[res.data.id, 4, 4]]);
  });

  it('refuses a bad Cc or Bcc address and more than 100 recipients together, naming the field', async () => {
    const before = await t.db.db.selectFrom('deliveryOutbox').select('id').execute();
    const many = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i}@example.com`).join(',');
    for (const [field, body] of [
      ['cc', { recipients: 'ok@example.com', cc: 'not-an-address' }],
      ['bcc', { recipients: 'ok@example.com', bcc: 'ok2@example.com, x@' }],
      ['recipients', { recipients: many('a', 50), cc: many('c', 30), bcc: many('b', 21) }],
      // Header specials: sent elsewhere than stored, de-duplicated or erased (decision 365).
      ['recipients', { recipients: 'Bob<bob@example.com' }],
      ['cc', { recipients: 'ok@example.com', cc: 'bob(x)@example.com' }],
      ['bcc', { recipients: 'ok@example.com', bcc: '"bob"@example.com' }],
    ] as const) {
      const res = await add(body);
      expect(res.meta.code, field).toBe(400);
      expect(res.meta.message).toContain(field);
    }
    // 100 together, counted after To∩Cc is removed, is allowed.
    expect((await add({ recipients: many('a', 50), cc: many('a', 10), bcc: many('b', 50) })).meta.code).toBe(200);
    expect(await t.db.db.selectFrom('deliveryOutbox').select('id').execute()).toHaveLength(before.length + 100);
  });

  it('sends a scheduled e-mail not before its time, and at a new time when moved', async () => {
    const at = clock.now() + 3_600_000;
    const res = await add({ recipients: 'later@example.com', sendAt: at });
    expect(res.meta.code).toBe(200);
    expect((await view(res.data.id)).data).toMatchObject({ sendAt: at, summary: { queued: 1 } });
    clock.advance(1_800_000);
    await drain();
    expect(smtp.mailsTo('later@example.com')).toHaveLength(0);
    // Moved half an hour on: still nothing at the old time.
    const moved = await t.post<{ sendAt: number }>(
      `${EMAIL}/reschedule`,
      { id: res.data.id, sendAt: at + 1_800_000 },
      { token: t.admin.token },
    );
    expect(moved.data.sendAt).toBe(at + 1_800_000);
    clock.advance(1_800_000);
    await drain();
    expect(smtp.mailsTo('later@example.com')).toHaveLength(0);
    expect((await recipientsOf(res.data.id))[0]!.status).toBe('queued');
    clock.advance(1_800_000);
    await drain();
    expect(smtp.mailsTo('later@example.com')).toHaveLength(1);
    expect((await recipientsOf(res.data.id))[0]!.status).toBe('sent');
    // Once sent it can no longer be moved or cancelled (in the caller's language).
    const late = await t.post(`${EMAIL}/cancel`, { id: res.data.id }, { token: t.admin.token, locale: 'zh-TW' });
    expect(late.meta).toEqual({ code: 5461, message: '此郵件已開始發送，不可再修改或取消' });
    const again = await t.post(
      `${EMAIL}/reschedule`,
      { id: res.data.id, sendAt: clock.now() + 60_000 },
      { token: t.admin.token },
    );
    expect(again.meta.code).toBe(5461);
  });

  it('delivers nothing of a scheduled e-mail cancelled before its time', async () => {
    const res = await add({
      recipients: 'never@example.com',
      cc: 'never-cc@example.com',
      sendAt: clock.now() + 60_000,
    });
    const cancel = await t.post<{ cancelled: number }>(
      `${EMAIL}/cancel`,
      { id: res.data.id },
      { token: t.admin.token },
    );
    expect(cancel.data.cancelled).toBe(2);
    clock.advance(120_000);
    await drain();
    expect(smtp.mailsTo('never@example.com')).toHaveLength(0);
    expect(smtp.mailsTo('never-cc@example.com')).toHaveLength(0);
    const detail = (await view(res.data.id)).data;
    expect(detail.summary).toMatchObject({ queued: 0, sent: 0, cancelled: 2 });
    expect((await recipientsOf(res.data.id)).map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    const twice = await t.post(`${EMAIL}/cancel`, { id: res.data.id }, { token: t.admin.token, locale: 'en-US' });
    expect(twice.meta).toEqual({ code: 5463, message: 'This e-mail has been cancelled' });
  });

  it('refuses a time in the past, and moving or cancelling an e-mail sent at once', async () => {
    const past = await add({ recipients: 'p@example.com', sendAt: clock.now() - 3_600_000 }, 'zh-CN');
    expect(past.meta).toEqual({ code: 5460, message: '预定发送时间已过，请选择将来的时间' });
    const now = await add({ recipients: 'n@example.com' });
    expect((await t.post(`${EMAIL}/cancel`, { id: now.data.id }, { token: t.admin.token })).meta.code).toBe(5462);
    const scheduled = await add({ recipients: 'q@example.com', sendAt: clock.now() + 60_000 });
    const back = await t.post(
      `${EMAIL}/reschedule`,
      { id: scheduled.data.id, sendAt: clock.now() - 3_600_000 },
      { token: t.admin.token },
    );
    expect(back.meta.code).toBe(5460);
    const bad = await t.post(`${EMAIL}/reschedule`, { id: scheduled.data.id, sendAt: 'x' }, { token: t.admin.token });
    expect(bad.meta.code).toBe(400);
    expect(bad.meta.message).toContain('sendAt');
  });

  it('validates the reply-to address of a mail server and clears it when left empty', async () => {
    const bad = await t.post(
      '/admin/v1/mailSenders/update',
      { id: senderId, host: '127.0.0.1', port: smtp.port, account: 'office@example.com', replyTo: 'nope' },
      { token: t.admin.token },
    );
    expect(bad.meta.code).toBe(400);
    expect(bad.meta.message).toContain('replyTo');
    const cleared = await t.post<MailSender>(
      '/admin/v1/mailSenders/update',
      { id: senderId, host: '127.0.0.1', port: smtp.port, account: 'office@example.com', replyTo: '' },
      { token: t.admin.token },
    );
    expect(cleared.data.replyTo).toBeNull();
    const res = await add({ recipients: 'noreply@example.com' });
    await drain();
    expect((await view(res.data.id)).data.summary.sent).toBe(1);
    expect(smtp.mailsTo('noreply@example.com')[0]!.mail.replyTo).toBeUndefined();
  });

  // A notice's copy has one recipient per member: the detail counts them, the recipients come a page at a time,
  // read in SQL with the total from the kept counts.
  it("answers an e-mail's recipients a page at a time with their total, by status, and the detail counts only", async () => {
    const res = await add({
      recipients: 'p1@example.com, p2@example.com',
      cc: 'p3@example.com',
      bcc: 'p4@example.com, p5@example.com',
    });
    const detail = (await view(res.data.id)).data;
    expect(detail).toMatchObject({ recipientCount: 5, summary: { queued: 5 } });
    expect(detail).not.toHaveProperty('recipients');
    const page = (q: Record<string, string | number>) =>
      t.get<Page<EmailRecipient>>(`${EMAIL}/recipients`, { id: res.data.id, ...q }, { token: t.admin.token });
    const second = await page({ pageSize: 2, pageNum: 2 });
    expect(second.data).toMatchObject({ total: 5, pageNum: 2, pageSize: 2 });
    expect(second.data.list.map((r) => [r.recipient, r.role])).toEqual([
      ['p3@example.com', 'cc'],
      ['p4@example.com', 'bcc'],
    ]);
    expect((await page({ pageSize: 2, pageNum: 3 })).data.list.map((r) => r.recipient)).toEqual(['p5@example.com']);
    await drain();
    expect((await page({ status: 'sent', pageSize: 1 })).data).toMatchObject({
      total: 5,
      list: [{ recipient: 'p1@example.com', status: 'sent' }],
    });
    expect((await page({ status: 'queued' })).data).toMatchObject({ total: 0, list: [] });
    const bad = await page({ status: 'lost' });
    expect(bad.meta.code).toBe(400);
    expect(bad.meta.message).toContain('status');
    const missing = await t.get(`${EMAIL}/recipients`, { id: 99_999_999 }, { token: t.admin.token });
    expect(missing.meta.code).toBe(404);
  });

  it('refuses the new calls without a session or the permission', async () => {
    expect((await t.get(`${EMAIL}/recipients`, { id: 1 })).meta.code).toBe(401);
    await staffWith(t, 'mailWriter', [PERM.emailAdd]);
    const writer = (await t.login('mailWriter', STAFF_PASSWORD)).token;
    expect((await t.get(`${EMAIL}/recipients`, { id: 1 }, { token: writer })).meta.code).toBe(403);
    for (const path of ['reschedule', 'cancel']) {
      expect((await t.post(`${EMAIL}/${path}`, { id: 1, sendAt: clock.now() })).meta.code).toBe(401);
    }
  });
});
