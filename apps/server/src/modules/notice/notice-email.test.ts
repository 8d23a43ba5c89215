import { beforeAll, describe, expect, it } from 'vitest';
import type { NoticeView } from '@study-crm/shared';
import type { Values } from '../../test/harness.js';
import { createStaff } from '../../test/access-fixtures.js';
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
  const view = (id: number) => t.get<NoticeView>(`${N}/view`, { id }, { token: t.admin.token });
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
    expect(res.data.emailCopy).toMatchObject({
      summary: { queued: 1, sent: 0 },
      recipients: [{ recipient: 'copyAmy@example.test', status: 'queued' }],
    });
    await drain();
    const after = (await view(res.data.id)).data.emailCopy!;
    expect(after.recipients).toMatchObject([{ recipient: 'copyAmy@example.test', status: 'sent' }]);
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
    const active = await t.db.db
      .selectFrom('member')
      .select('email')
      .where('status', '=', 'active')
      .where('deletedAt', 'is', null)
      .where('email', 'is not', null)
      .execute();
    const res = await add({ title: 'To all' });
    expect(res.meta.code).toBe(200);
    await drain();
    const copy = (await view(res.data.id)).data.emailCopy!;
    expect(copy.recipients.map((r) => r.recipient).sort()).toEqual(active.map((m) => m.email!).sort());
    expect(copy.recipients.map((r) => r.recipient)).not.toContain('copyGone@example.test');
    expect(copy.summary.sent).toBe(active.length);
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
  });
});
