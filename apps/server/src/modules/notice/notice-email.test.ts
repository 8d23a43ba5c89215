import { beforeAll, describe, expect, it } from 'vitest';
import { Code, PERM, type NoticeCopyRecipient, type NoticeView, type Page } from '@study-crm/shared';
import type { Values } from '../../test/harness.js';
import { createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { staffWith } from '../../test/application-fixtures.js';
import { useTestApp } from '../../test/signed-in.js';
import { addSenderFor, useSmtpServer } from '../../test/smtp-fixture.js';

const N = '/admin/v1/notices';
const smtp = await useSmtpServer();

// A notice's e-mail copy (issue 36): queued with the notice, one outbox row per recipient with a bound e-mail,
// each addressed alone, its delivery shown on the notice's view.
describe('notice e-mail copies', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  let amyId: number;
  let noEmailId: number;

  beforeAll(async () => {
    const role = await t.db.db.selectFrom('role').select('id').executeTakeFirstOrThrow();
    amyId = await createStaff(t.db.db, 'copyAmy', [role.id]);
    noEmailId = await createStaff(t.db.db, 'copyNone', [role.id]);
    await t.db.db.updateTable('member').set({ email: null }).where('id', '=', noEmailId).execute();
    const gone = await createStaff(t.db.db, 'copyGone', [role.id]);
    await t.db.db.updateTable('member').set({ status: 'inactive' }).where('id', '=', gone).execute();
  });

  const add = (v: Values, locale = 'en-US') =>
    t.post<NoticeView>(
      `${N}/add`,
      { title: 'Open day {{ x }}', content: 'Line one\nLine <two>', recipientId: 0, emailCopy: 1, ...v },
      { token: t.admin.token, locale },
    );
  const view = (id: number, token = t.admin.token) => t.get<NoticeView>(`${N}/view`, { id }, { token });
  const copyRecipients = (q: Values, token = t.admin.token) =>
    t.get<Page<NoticeCopyRecipient>>(`${N}/copyRecipients`, q, { token });
  const addresses = async (id: number) => (await copyRecipients({ id, pageSize: 200 })).data.list;
  const activeEmails = async () =>
    (
      await t.db.db
        .selectFrom('member')
        .select('email')
        .where('status', '=', 'active')
        .where('deletedAt', 'is', null)
        .where('email', 'is not', null)
        .execute()
    ).map((m) => m.email!);
  const drain = async () => {
    for (let i = 0; i < 50; i += 1) if ((await t.app.delivery.runOnce()) === 0) return;
  };
  const notices = () => t.db.db.selectFrom('memberNotice').select('id').execute();

  it('refuses a copy without a mail server (7205) and writes no notice', async () => {
    const before = (await notices()).length;
    const res = await add({ recipientId: amyId }, 'zh-TW');
    expect(res.meta.code).toBe(7205);
    expect(await notices()).toHaveLength(before);
    expect(await t.db.db.selectFrom('deliveryOutbox').select('id').execute()).toHaveLength(0);
  });

  it('e-mails one member their copy, addressed to them alone, with its status on the notice', async () => {
    await addSenderFor(t, smtp, t.admin);
    const res = await add({ recipientId: amyId });
    expect(res.meta.code).toBe(200);
    // Queued, not sent, until the outbox says otherwise.
    expect(res.data.emailCopy).toMatchObject({ summary: { queued: 1, sent: 0 }, recipientCount: 1 });
    expect(await addresses(res.data.id)).toMatchObject([{ recipient: 'copyAmy@example.test', status: 'queued' }]);
    await drain();
    expect((await view(res.data.id)).data.emailCopy).toMatchObject({ summary: { queued: 0, sent: 1 } });
    expect(await addresses(res.data.id)).toMatchObject([{ recipient: 'copyAmy@example.test', status: 'sent' }]);
    const got = smtp.mailsTo('copyAmy@example.test');
    expect(got).toHaveLength(1);
    expect(got[0]!.mail.subject).toBe('Open day { { x }}');
    expect(got[0]!.mail.text).toContain('Line <two>');

    // A title of braces nearly doubles once they are broken up: the copy's subject is cut to the column's size.
    const braces = await add({ recipientId: amyId, title: '{'.repeat(200) });
    expect(braces.meta.code).toBe(200);
    await drain();
    const [copy] = smtp.received.filter((r) => r.mail.subject?.startsWith('{ {'));
    expect(copy!.mail.subject).toBe(`${'{ '.repeat(127)}…`);
  });

  it('copies a notice to all members to each active member with an e-mail, each seeing only themselves', async () => {
    const active = await activeEmails();
    const res = await add({ title: 'To all' });
    expect(res.meta.code).toBe(200);
    await drain();
    const copy = (await view(res.data.id)).data.emailCopy!;
    const got = await addresses(res.data.id);
    expect(got.map((r) => r.recipient).sort()).toEqual(active.sort());
    expect(got.map((r) => r.recipient)).not.toContain('copyGone@example.test');
    expect(copy).toMatchObject({ recipientCount: active.length, summary: { sent: active.length } });
    for (const r of smtp.received.filter((m) => m.mail.subject === 'To all')) {
      expect(r.envelopeTo).toHaveLength(1);
      expect((Array.isArray(r.mail.to) ? r.mail.to : [r.mail.to!]).flatMap((a) => a.value)).toEqual([
        expect.objectContaining({ address: r.envelopeTo[0] }),
      ]);
    }
  });

  it('refuses a copy to a member without an e-mail (5464), writing nothing; a notice without a copy has none', async () => {
    const before = (await notices()).length;
    const res = await add({ recipientId: noEmailId }, 'zh-CN');
    expect(res.meta).toEqual({ code: 5464, message: '收件人没有绑定电子邮箱，无法发送邮件副本' });
    expect(await notices()).toHaveLength(before);
    const plain = await add({ recipientId: noEmailId, emailCopy: 0 });
    expect(plain.data.emailCopy).toBeNull();
    expect((await copyRecipients({ id: plain.data.id })).data).toMatchObject({ list: [], total: 0 });
    expect((await copyRecipients({ id: 99_999_999 })).meta.code).toBe(Code.NOT_FOUND);
  });

  // The copy of a notice to all members goes to every member with an address. Reading them is what the recipient
  // picker is guarded for (notice:add): notice:list alone gets the counts, never an address, and a page at a time.
  it('shows a notice:list reader the copy as counts only; a notice:add holder reads its recipients a page at a time', async () => {
    const role = await t.db.db.selectFrom('role').select('id').executeTakeFirstOrThrow();
    for (const n of [1, 2, 3, 4]) await createStaff(t.db.db, `copyPage${n}`, [role.id]);
    const active = await activeEmails();
    expect(active.length).toBeGreaterThan(4);
    const res = await add({ title: 'Counts only' });
    expect(res.meta.code).toBe(200);
    await staffWith(t, 'copyCounter', [PERM.noticeList]);
    const reader = (await t.login('copyCounter', STAFF_PASSWORD)).token;
    const seen = await view(res.data.id, reader);
    expect(seen.meta.code).toBe(200);
    const body = JSON.stringify(seen.data);
    for (const a of active) expect(body).not.toContain(a);
    expect(seen.data.emailCopy).toMatchObject({ recipientCount: active.length, summary: { queued: active.length } });
    expect((await copyRecipients({ id: res.data.id }, reader)).meta.code).toBe(Code.FORBIDDEN);

    await staffWith(t, 'copyAdder', [PERM.noticeList, PERM.noticeAdd]);
    const adder = (await t.login('copyAdder', STAFF_PASSWORD)).token;
    const first = await copyRecipients({ id: res.data.id, pageSize: 2 }, adder);
    expect(first.meta.code).toBe(200);
    expect(first.data).toMatchObject({ total: active.length, pageNum: 1, pageSize: 2 });
    expect(first.data.list).toHaveLength(2);
    const all = [];
    for (let pageNum = 1; pageNum <= Math.ceil(active.length / 2); pageNum += 1)
      all.push(...(await copyRecipients({ id: res.data.id, pageSize: 2, pageNum }, adder)).data.list);
    expect(all.map((r) => r.recipient).sort()).toEqual(active.sort());
    // By status: all queued now; once sent, none queued.
    expect((await copyRecipients({ id: res.data.id, status: 'queued' }, adder)).data.total).toBe(active.length);
    await drain();
    expect((await copyRecipients({ id: res.data.id, status: 'queued' }, adder)).data).toMatchObject({
      list: [],
      total: 0,
    });
    expect((await copyRecipients({ id: res.data.id, status: 'sent', pageSize: 1 }, adder)).data).toMatchObject({
      list: [{ status: 'sent', attempts: 1, error: null }],
      total: active.length,
    });
    const bad = await copyRecipients({ id: res.data.id, status: 'lost' }, adder);
    expect(bad.meta.code).toBe(Code.BAD_REQUEST);
    expect(bad.meta.message).toContain('status');
  });
});
