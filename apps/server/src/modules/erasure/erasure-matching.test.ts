import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundJob, ErasurePlan, ErasureResult } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, createApplication } from '../../test/application-fixtures.js';
import { testClock } from '../../test/harness.js';
import { jobFile } from '../../test/job-fixtures.js';

const PLAN = '/admin/v1/sys/privacy/erasure/plan';
const ERASE = '/admin/v1/sys/privacy/erasure/erase';

// Mei's mobile is Taiwanese, 0912 345 678 (kept as 912345678 with area code 886); Bob's is British, +44 7912 345678,
// whose national number ends in the same nine digits. Her addresses are typed in other letter cases on feedback and
// on an e-mail sent to her (decision 347).
const MEI = {
  name: '林美',
  engFirstName: 'Mei',
  engLastName: 'Lin',
  email: 'mei.lin@example.com',
  areaCode: '886',
  mobile: '0912345678',
  passportNo: 'MEILIN0912',
};
const MEI_E164 = '+886912345678';
const MEI_TYPED = 'Mei.Lin@Example.com';
const BOB_E164 = '+447912345678';

type Export = { sources: { source: string; rows: Record<string, unknown>[] }[] };

describe("erasure and subject access match the person's numbers and addresses exactly", () => {
  const clock = testClock(Date.UTC(2026, 10, 22, 9, 0, 0));
  const t = useTestApp({ signIn: true, clock, env: { DELIVERY_WORKER: 'off' } });
  let mei: { appId: number; studentId: number };
  let batchId: number;
  let bobText: number;
  let emailId: number;
  const recipientIds: Record<string, number> = {};

  beforeAll(async () => {
    mei = await createApplication(t, MEI);
    // Closed, so nothing stands in the way of her erasure.
    const closed = await t.post(`${BASE}/updateOther`, { id: mei.appId, version: 1, status: 'withdrawn' }, t.admin);
    expect(closed.meta.code).toBe(200);
    const db = t.db.db;
    const now = clock.now();
    // A batch to both of them, with a refused row of each: Mei's number repeated (her number, her variables) and a
    // number typed for the UK region that is not Bob's either (+44 912345678).
    batchId = (
      await db
        .insertInto('smsBatch')
        .values({
          kind: 'batch',
          status: 'queued',
          terminal: 'admin',
          content: 'Open day on Friday',
          accepted: 2,
          rejected: 2,
          sendAt: now + 86_400_000,
          createdAt: now,
          updatedAt: now,
          searchText: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const rows = [
      ['mei', { phone: MEI_E164, mobileRaw: '0912 345 678', regionRaw: 'TW', variables: '{"name":"Mei"}' }],
      ['bob', { phone: BOB_E164, mobileRaw: '07912 345678', regionRaw: 'UK', variables: '{"name":"Bob"}' }],
      ['meiRepeat', { phone: null, mobileRaw: '0912-345-678', regionRaw: '+886', variables: 'name=Mei again' }],
      ['ukRefused', { phone: null, mobileRaw: '0912345678', regionRaw: 'UK', variables: 'name=Someone' }],
    ] as const;
    for (const [i, [key, r]] of rows.entries()) {
      recipientIds[key] = (
        await db
          .insertInto('smsRecipient')
          .values({ batchId, rowNo: i + 1, ...r, reason: r.phone ? null : 'smsRowDuplicate' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    for (const recipient of [MEI_E164, BOB_E164])
      await db
        .insertInto('deliveryOutbox')
        .values({
          channel: 'sms',
          messageId: batchId,
          recipient,
          status: 'queued',
          nextAttemptAt: now + 86_400_000,
          lane: 'sms',
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    // A single text to Bob (its body is blanked when it is the erased person's).
    bobText = (await t.app.sms.queueText({ to: BOB_E164, content: 'Hello Bob, your code', purpose: 'test' })).id;

    // An e-mail sent to her address as typed elsewhere, and feedback from it.
    const sender = await db
      .insertInto('mailSender')
      .values({
        host: 'smtp.invalid',
        port: 25,
        account: 'mei-sender',
        passwordEnc: 'x',
        tlsMode: 'none',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    emailId = (
      await db
        .insertInto('emailMessage')
        .values({
          senderId: sender.id,
          subject: 'Dear Mei',
          content: 'Your offer letter',
          bodyHtml: '<p>Your offer letter</p>',
          platform: 'WEB',
          createdAt: now,
          updatedAt: now,
          searchText: 'mei',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('deliveryOutbox')
      .values({
        channel: 'email',
        messageId: emailId,
        recipient: MEI_TYPED,
        role: 'to',
        status: 'sent',
        nextAttemptAt: now,
        sentAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db
      .insertInto('feedback')
      .values({
        memberId: null,
        name: 'Mei',
        email: MEI_TYPED,
        mobile: null,
        content: 'A question from Mei',
        locale: 'en-US',
        status: 'open',
        createdAt: now,
        searchText: 'mei',
      })
      .execute();
    // The last-send marks of verification codes: hers (mobile and e-mail), and Bob's mobile.
    await db
      .insertInto('verificationSend')
      .values([
        { target: `mobile:${MEI_E164}`, purpose: 'bind', sentAt: now },
        { target: `email:${MEI.email}`, purpose: 'bind', sentAt: now },
        { target: `mobile:${BOB_E164}`, purpose: 'bind', sentAt: now },
      ])
      .execute();
  });

  it("exports her e-mails, feedback and texts in any letter case, never Bob's; the dry run counts the same", async () => {
    const started = await t.post<BackgroundJob>('/admin/v1/privacy/export/add', { subjectId: mei.studentId }, t.admin);
    expect(started.meta.code, started.meta.message).toBe(200);
    expect(await t.app.jobs.runOnce()).toBe(1);
    const res = await jobFile(t, started.data.id, t.admin.token);
    expect(res.statusCode).toBe(200);
    const data = JSON.parse(await (await JSZip.loadAsync(res.rawPayload)).file('data.json')!.async('string')) as Export;
    const rowsOf = (source: string) => data.sources.find((s) => s.source === source)?.rows ?? [];

    const outbox = rowsOf('delivery/delivery_outbox');
    expect(outbox.map((r) => r.recipient).sort()).toEqual([MEI_E164, MEI_TYPED].sort());
    expect(rowsOf('mail/email_message').map((r) => r.id)).toEqual([emailId]);
    expect(rowsOf('feedback/feedback').map((r) => r.email)).toEqual([MEI_TYPED]);
    expect(rowsOf('sms/sms_recipient').map((r) => r.id)).toEqual([recipientIds.mei, recipientIds.meiRepeat]);
    expect(rowsOf('sms/sms_batch').map((r) => r.id)).toEqual([batchId]);
    expect(JSON.stringify(data)).not.toContain('Bob');

    // The dry run's counts are what the export found.
    const plan = await t.get<ErasurePlan>(PLAN, { id: mei.studentId }, t.admin);
    expect(plan.meta.code).toBe(200);
    expect(plan.data.refusals).toEqual([]);
    const count = (what: string) => plan.data.items.find((i) => i.what === what)?.count;
    expect(count('deliveryOutbox')).toBe(outbox.length);
    expect(count('feedback')).toBe(rowsOf('feedback/feedback').length);
    expect(count('smsRecipient')).toBe(rowsOf('sms/sms_recipient').length);
    expect(count('emailMessage')).toBe(rowsOf('mail/email_message').length);
    expect(count('verificationSend')).toBe(2);
  });

  it("erases her rows and leaves Bob's outbox row, recipient row, text and send mark as they were", async () => {
    const plan = await t.get<ErasurePlan>(PLAN, { id: mei.studentId }, t.admin);
    const res = await t.post<ErasureResult>(ERASE, { id: mei.studentId }, t.admin);
    expect(res.meta.code, res.meta.message).toBe(200);
    // The erasure changed what its dry run counted.
    const counted = (items: { what: string; action: string; count: number }[]) =>
      Object.fromEntries(
        items
          .filter((i) =>
            ['deliveryOutbox', 'smsRecipient', 'smsBatch', 'feedback', 'verificationSend'].includes(i.what),
          )
          .map((i) => [i.what, i.count]),
      );
    expect(counted(res.data.items)).toEqual(counted(plan.data.items));
    expect(counted(res.data.items)).toEqual({
      deliveryOutbox: 2,
      smsRecipient: 2,
      smsBatch: 0,
      feedback: 1,
      verificationSend: 2,
    });

    const db = t.db.db;
    const outbox = await db
      .selectFrom('deliveryOutbox')
      .select(['channel', 'messageId', 'recipient', 'status'])
      .orderBy('id')
      .execute();
    expect(outbox).toEqual([
      { channel: 'sms', messageId: batchId, recipient: expect.stringMatching(/@erased\.invalid$/), status: 'failed' },
      { channel: 'sms', messageId: batchId, recipient: BOB_E164, status: 'queued' },
      { channel: 'sms', messageId: bobText, recipient: BOB_E164, status: 'queued' },
      { channel: 'email', messageId: emailId, recipient: expect.stringMatching(/@erased\.invalid$/), status: 'sent' },
    ]);
    const recipients = await db
      .selectFrom('smsRecipient')
      .select(['id', 'phone', 'mobileRaw', 'variables'])
      .orderBy('id')
      .execute();
    expect(recipients).toEqual([
      { id: recipientIds.mei, phone: null, mobileRaw: null, variables: null },
      { id: recipientIds.bob, phone: BOB_E164, mobileRaw: '07912 345678', variables: '{"name":"Bob"}' },
      { id: recipientIds.meiRepeat, phone: null, mobileRaw: null, variables: null },
      { id: recipientIds.ukRefused, phone: null, mobileRaw: '0912345678', variables: 'name=Someone' },
      { id: expect.any(Number), phone: BOB_E164, mobileRaw: BOB_E164, variables: '{}' },
    ]);
    const texts = await db.selectFrom('smsBatch').select(['id', 'content']).orderBy('id').execute();
    expect(texts).toEqual([
      { id: batchId, content: 'Open day on Friday' },
      { id: bobText, content: 'Hello Bob, your code' },
    ]);
    expect(await db.selectFrom('verificationSend').select('target').execute()).toEqual([
      { target: `mobile:${BOB_E164}` },
    ]);
    expect(await db.selectFrom('feedback').select(['email', 'content']).execute()).toEqual([
      { email: null, content: '' },
    ]);
  });
});
