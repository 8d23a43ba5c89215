import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  PERM,
  type ApplicationSaved,
  type EmailDetail,
  type EmailRecipient,
  type Email,
  type Page,
  type Template,
} from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { addSenderFor, useSmtpServer } from '../../test/smtp-fixture.js';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';

const EMAIL = '/admin/v1/message/email';
// 451 for the first try of "busy@", 550 always for "nobody@".
const smtp = await useSmtpServer({
  refuse: (address, n) => (address.startsWith('busy@') && n === 1 ? 451 : address.startsWith('nobody@') ? 550 : null),
});

describe('e-mails through a real SMTP server', () => {
  const t = useTestApp({
    signIn: true,
    env: { DELIVERY_POLL_MS: '20', DELIVERY_BACKOFF_MS: '10', DELIVERY_BACKOFF_MAX_MS: '50' },
  });
  let token: string;
  let senderId: number;
  let badSenderId: number;
  let templateId: number;

  beforeAll(async () => {
    token = t.admin.token;
    senderId = await addSenderFor(t, smtp, { token }, { displayName: '顧問' });
    badSenderId = await addSenderFor(t, smtp, { token }, { displayName: '顧問', password: 'wrong-pass' });
    templateId = (
      await t.post<Template>(
        '/admin/v1/message/templates/add',
        {
          name: 'Frame',
          type: 'offer',
          frameHtml:
            '<html><body><div class="brand">Study CRM 留學</div>{{ content }}<p>{{ portal.link }}</p></body></html>',
        },
        { token },
      )
    ).data.id;
  });

  const add = (v: Record<string, string | number | null>, locale = 'en-US') =>
    t.post<{ id: number }>(`${EMAIL}/add`, { senderId, platform: 'WEB', ...v }, { token, locale });
  const view = (id: number, locale = 'en-US') => t.get<EmailDetail>(`${EMAIL}/view`, { id }, { token, locale });
  // Waits until no recipient of the e-mail is queued or sending; answers the detail and its recipients.
  async function settled(id: number, locale = 'en-US') {
    for (let i = 0; i < 200; i += 1) {
      const res = await view(id, locale);
      if (res.data.summary.queued === 0 && res.data.summary.sending === 0) {
        const page = await t.get<Page<EmailRecipient>>(`${EMAIL}/recipients`, { id }, { token, locale });
        return { ...res.data, recipients: page.data.list };
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`e-mail ${id} did not settle`);
  }

  it('sends to each recipient with subject, UTF-8 Chinese text and the HTML frame', async () => {
    const res = await add({
      recipients: ' amy@example.com, ben@example.com ,AMY@example.com',
      templateId,
      subject: '錄取通知 for {{ recipient.email }}',
      content: '<p>恭喜你獲得錄取！</p>',
    });
    expect(res.meta.code).toBe(200);
    const done = await settled(res.data.id);
    expect(done.recipients.map((r) => [r.recipient, r.status])).toEqual([
      ['amy@example.com', 'sent'],
      ['ben@example.com', 'sent'],
    ]);
    const [amy] = smtp.mailsTo('amy@example.com');
    expect(amy!.mail.subject).toBe('錄取通知 for amy@example.com');
    expect(amy!.mail.html).toContain('<p>恭喜你獲得錄取！</p>');
    expect(amy!.mail.html).toContain('<div class="brand">Study CRM 留學</div>');
    expect(amy!.mail.html).toContain('/sadmin');
    expect(amy!.mail.from?.value[0]).toMatchObject({ address: 'office@example.com', name: '顧問' });
    expect(smtp.mailsTo('ben@example.com')).toHaveLength(1);
    const list = await t.get<Page<Email>>(`${EMAIL}/list`, { status: 'sent' }, { token });
    expect(list.data.list[0]).toMatchObject({ id: res.data.id, recipientCount: 2, summary: { sent: 2, failed: 0 } });
    // Its recipients were queued, then sent: none is queued now, so the queued filter leaves it out.
    const queued = await t.get<Page<Email>>(`${EMAIL}/list`, { status: 'queued' }, { token });
    expect(queued.data.list.map((e) => e.id)).not.toContain(res.data.id);
    // Filtered by the time it was created, as the list's date range sends it (epoch ms): in the last day, not before.
    const now = Date.now();
    const today = await t.get<Page<Email>>(`${EMAIL}/list`, { from: now - 86_400_000, to: now + 60_000 }, { token });
    expect(today.meta.code).toBe(200);
    expect(today.data.list.map((e) => e.id)).toContain(res.data.id);
    const before = await t.get<Page<Email>>(`${EMAIL}/list`, { to: now - 86_400_000 }, { token });
    expect(before.data.list.map((e) => e.id)).not.toContain(res.data.id);
  });

  it('retries a recipient the server refused with 451 and delivers it once', async () => {
    const res = await add({ recipients: 'busy@example.com', subject: 'Retry', content: 'hello' });
    const done = await settled(res.data.id);
    expect(done.recipients[0]).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(smtp.mailsTo('busy@example.com')).toHaveLength(1);
  });

  it('marks a 550-refused recipient failed at once, in the caller language, and resends only failed ones', async () => {
    const res = await add({ recipients: 'nobody@example.com, cat@example.com', subject: 'Mixed', content: 'x' });
    const done = await settled(res.data.id, 'zh-TW');
    const byAddress = Object.fromEntries(done.recipients.map((r) => [r.recipient, r]));
    expect(byAddress['cat@example.com']).toMatchObject({ status: 'sent' });
    expect(byAddress['nobody@example.com']).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: '郵件伺服器拒收此收件人',
    });
    expect(byAddress['nobody@example.com']!.detail).toContain('550');
    const resend = await t.post<{ requeued: number }>(`${EMAIL}/resend`, { id: res.data.id }, { token });
    expect(resend.data.requeued).toBe(1);
    const again = await settled(res.data.id);
    expect(again.summary).toMatchObject({ sent: 1, failed: 1 });
    expect(smtp.mailsTo('cat@example.com')).toHaveLength(1);
    expect(smtp.rcptAttempts.get('nobody@example.com')).toBe(2);
  });

  it('marks an authentication failure permanent: no retries', async () => {
    const res = await add({ senderId: badSenderId, recipients: 'dan@example.com', subject: 'Auth', content: 'x' });
    const done = await settled(res.data.id);
    expect(done.recipients[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'The mail server refused the account or password',
    });
    expect(smtp.mailsTo('dan@example.com')).toHaveLength(0);
  });

  it('refuses bad input naming the field, and queues nothing', async () => {
    const before = await t.db.db.selectFrom('deliveryOutbox').select('id').execute();
    const cases: [string, Record<string, string | number | null>][] = [
      ['recipients', { recipients: 'ok@example.com, not-an-address', subject: 's', content: 'c' }],
      ['recipients', { recipients: ' , ', subject: 's', content: 'c' }],
      ['subject', { recipients: 'ok@example.com', subject: '', content: 'c' }],
      ['content', { recipients: 'ok@example.com', subject: 's', content: '' }],
      ['platform', { recipients: 'ok@example.com', subject: 's', content: 'c', platform: '' }],
      ['senderId', { recipients: 'ok@example.com', subject: 's', content: 'c', senderId: 999 }],
      ['templateId', { recipients: 'ok@example.com', subject: 's', content: 'c', templateId: 999 }],
      ['applicationId', { recipients: 'ok@example.com', subject: 's', content: '{{ student.name }}' }],
      ['applicationId', { recipients: 'ok@example.com', subject: 's', content: 'c', applicationId: 'x' }],
      [
        'recipients',
        {
          recipients: Array.from({ length: 101 }, (_, i) => `p${i}@example.com`).join(','),
          subject: 's',
          content: 'c',
        },
      ],
    ];
    for (const [field, body] of cases) {
      const res = await add(body);
      expect(res.meta.code, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.meta.message).toContain(field);
    }
    expect(await t.db.db.selectFrom('deliveryOutbox').select('id').execute()).toHaveLength(before.length);
  });

  it('fills student, application and teacher variables from the chosen application', async () => {
    const followId = await staffWith(t, 'mailFollow', []);
    const signingId = await staffWith(t, 'mailSigning', []);
    const app = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ name: '陳<大文>', followTeacherId: followId, signingTeacherId: signingId }),
      { token },
    );
    expect(app.meta.code).toBe(200);
    const res = await add({
      recipients: 'dawen@example.com',
      applicationId: app.data.id,
      subject: '{{ student.name }} / {{ application.targetSchools }} / {{ recipient.email }}',
      content:
        '<p>Dear {{ student.name }} ({{ student.engName }}, {{ student.email }})</p>' +
        '<p>{{ application.status }} {{ application.date }}</p>' +
        '<p>Signing: {{ teacher.signing }}; follow: {{ teacher.follow | upcase }}</p>',
    });
    expect(res.meta.code).toBe(200);
    expect((await settled(res.data.id)).summary.sent).toBe(1);
    const [mail] = smtp.mailsTo('dawen@example.com');
    expect(mail!.mail.subject).toBe('陳<大文> / University College London / dawen@example.com');
    const html = mail!.mail.html as string;
    expect(html).toContain('<p>Dear 陳&lt;大文&gt; (Xiaoming Wang, xiaoming@example.com)</p>');
    expect(html).toContain('<p>已提交 2026-10-01</p>');
    expect(html).toMatch(/Signing: [^;]*mailSigning[^;]*; follow: [^<]*MAILFOLLOW/);

    // A subject within the form's 255 characters that a long name takes past them once filled: refused, naming it.
    const longName = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ name: 'Alexandra Wilhelmina Montgomery-Fitzgerald' }),
      { token },
    );
    const long = await add({
      recipients: 'dawen@example.com',
      applicationId: longName.data.id,
      subject: '{{student.name}}'.repeat(15),
      content: '<p>c</p>',
    });
    expect(long.meta).toMatchObject({ code: 400 });
    expect(long.meta.message).toContain("subject is longer than 255 characters once the application's details");
  });

  // The variables are a student's name, address, status, schools and teachers: `email:add` alone must not read them
  // by stepping ids, nor learn which ids exist.
  it('answers a sender who may not open the application as for one that does not exist, and queues nothing', async () => {
    const app = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ name: 'Hidden Student' }), { token });
    expect(app.meta.code).toBe(200);
    await staffWith(t, 'mailOnly', [PERM.emailAdd]);
    await staffWith(t, 'mailAndDetail', [PERM.emailAdd, PERM.applicationView]);
    const tokenOf = async (loginName: string) => (await t.login(loginName, 'Staff#2026pass')).token;
    const send = (applicationId: number, as: string) =>
      t.post<{ id: number }>(
        `${EMAIL}/add`,
        {
          senderId,
          platform: 'WEB',
          recipients: 'probe@example.com',
          subject: 'Hello',
          content: '<p>{{ student.name }} {{ student.email }}</p>',
          applicationId,
        },
        { token: as },
      );
    const outboxRows = async () => (await t.db.db.selectFrom('deliveryOutbox').select('id').execute()).length;
    const before = await outboxRows();

    const mailOnly = await tokenOf('mailOnly');
    const refused = await send(app.data.id, mailOnly);
    expect(refused.meta.code).toBe(Code.NOT_FOUND);
    expect((await send(999_999, mailOnly)).meta).toEqual(refused.meta);
    expect(await outboxRows()).toBe(before);

    // With the permission that opens the application's detail, the same e-mail is filled in and sent.
    const withDetail = await tokenOf('mailAndDetail');
    expect((await send(999_999, withDetail)).meta).toEqual(refused.meta);
    const sent = await send(app.data.id, withDetail);
    expect(sent.meta.code).toBe(200);
    expect((await settled(sent.data.id)).summary.sent).toBe(1);
    expect(smtp.mailsTo('probe@example.com')[0]!.mail.html).toContain('<p>Hidden Student xiaoming@example.com</p>');
  });

  it('keeps a Liquid comparison through sanitising, and refuses a tag that sanitising breaks, not failed at send', async () => {
    const before = await t.db.db.selectFrom('deliveryOutbox').select('id').execute();
    // `<b` inside the tag reads as an HTML tag, which the sanitiser rewrites: the tag no longer parses, and every
    // recipient would have failed.
    const res = await add({
      recipients: 'cmp@example.com',
      subject: 'Comparison',
      content: '<p>{% if recipient.email <b %}later{% endif %}</p>',
    });
    expect(res.meta).toEqual({
      code: 400,
      message: expect.stringContaining('content: the template syntax is not valid'),
    });
    expect(await t.db.db.selectFrom('deliveryOutbox').select('id').execute()).toHaveLength(before.length);
    // Comparisons written as a person writes them are stored as Liquid reads them, and sent (decision 301).
    const ok = await add({
      recipients: 'cmp@example.com',
      subject: 'Comparison',
      content:
        '<p>{% if recipient.email == "cmp@example.com" %}yours{% endif %}' +
        '{% if recipient.email > "a" %}, after a{% endif %}{% if recipient.email >= "z" %}, z{% endif %}' +
        '{% if recipient.email < "d" %}, before d{% endif %}{%- if recipient.email <= "c" -%}, not c{%- endif -%}' +
        ' &amp; 1 &lt; 2 &gt; 0</p>',
    });
    expect(ok.meta.code).toBe(200);
    expect((await settled(ok.data.id)).recipients.map((r) => r.status)).toEqual(['sent']);
    expect(smtp.mailsTo('cmp@example.com')[0]!.mail.html).toContain(
      '<p>yours, after a, before d&amp; 1 &lt; 2 &gt; 0</p>',
    );
  });
  // Decision 305: a branded e-mail's text and HTML stand before the columns the list reads; the page and its total
  // read the list's index alone, never the rows (on SQLite each row's overflow pages).
  it('reads the list and its total from the list index alone', async () => {
    if (t.db.dialect !== 'sqlite') return; // PostgreSQL keeps long values out of the row (TOAST) and plans by size
    const plan = async (query: ReturnType<typeof sql>) =>
      (await sql<{ detail: string }>`explain query plan ${query}`.execute(t.db.db)).rows.map((r) => r.detail).join(' ');
    const list = 'USING COVERING INDEX email_message_list_ix (is_system=?)';
    expect(
      await plan(sql`select e.id, e.sender_id, s.account, e.template_id, e.subject, e.platform, e.send_at, e.created_at
        from email_message e join mail_sender s on s.id = e.sender_id
        where e.is_system = 0 and e.sender_id = 1 and e.created_at >= 0 and e.created_at < 1
        order by e.id desc limit 20 offset 0`),
    ).toContain(list);
    expect(await plan(sql`select count(*) from email_message e where e.is_system = 0 and e.sender_id = 1`)).toContain(
      list,
    );
  });
  // Decision 305: the totals of all e-mails and of one mail server are kept counts (migration 0079); system e-mails
  // (codes) are neither listed nor counted.
  it('tells the total of all e-mails and of one mail server from kept counts', async () => {
    const counted = async (sender?: number) =>
      Number(
        (
          await t.db.db
            .selectFrom('emailMessage')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('isSystem', '=', 0)
            .$if(sender !== undefined, (q) => q.where('senderId', '=', sender!))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // A page of one row is full, so the total is read, not worked out from the page.
    const total = async (sender?: number) =>
      (await t.get<Page<Email>>(`${EMAIL}/list`, { pageSize: 1, ...(sender ? { senderId: sender } : {}) }, { token }))
        .data.total;
    const holds = async () => {
      for (const sender of [undefined, senderId, badSenderId]) expect(await total(sender)).toBe(await counted(sender));
    };
    await holds();
    const before = await total();
    expect(before).toBeGreaterThan(1);
    const now = Date.now();
    const row = {
      senderId,
      subject: 'x',
      content: 'x',
      bodyHtml: 'x',
      platform: 'WEB',
      createdAt: now,
      updatedAt: now,
    };
    await t.db.db
      .insertInto('emailMessage')
      .values({ ...row, isSystem: 1 })
      .execute();
    expect(await total()).toBe(before);
    const { id } = await t.db.db
      .insertInto('emailMessage')
      .values({ ...row, isSystem: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await total()).toBe(before + 1);
    await t.db.db.deleteFrom('emailMessage').where('id', '=', id).execute();
    expect(await total()).toBe(before);
    await holds();
  });
});
