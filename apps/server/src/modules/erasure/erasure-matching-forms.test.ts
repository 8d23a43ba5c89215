import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundJob, ErasurePlan, ErasureResult } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, createApplication } from '../../test/application-fixtures.js';
import { testClock } from '../../test/harness.js';
import { jobFile } from '../../test/job-fixtures.js';

const PLAN = '/admin/v1/sys/privacy/erasure/plan';
const ERASE = '/admin/v1/sys/privacy/erasure/erase';

// Decision 382's leftovers. Élise's address has a non-ASCII letter, written in capitals on an e-mail sent to her and
// on her feedback (and on another e-mail with a dotted capital İ, which PostgreSQL's lower() folds to i); SQLite's own
// lower() leaves the É as it is, PostgreSQL's folds it: the matching folds with unicode_lower on both. Her French
// mobile, 06 12 34 56 78 (+33 6 12 34 56 78), is written on refused rows of an SMS upload in international forms
// without a region, with an unknown region, with separators other than the upload's, and in full-width digits.
const ELISE = {
  name: 'Élise Dupont',
  engFirstName: 'Élise',
  engLastName: 'Dupont',
  email: 'élise.dupont@example.com',
  areaCode: '33',
  mobile: '0612345678',
  passportNo: 'ELISE0612',
};
const ELISE_E164 = '+33612345678';
const ELISE_TYPED = 'ÉLISE.Dupont@Example.com';
const ELISE_DOTTED = 'ÉLİSE.DUPONT@EXAMPLE.COM';
const OTHER_E164 = '+33612345679';

type Export = { sources: { source: string; rows: Record<string, unknown>[] }[] };
type Row = { phone: string | null; mobileRaw: string; regionRaw: string; reason?: string };

// Hers: the accepted row, and refused rows whose cells write her number.
const HERS: Record<string, Row> = {
  accepted: { phone: ELISE_E164, mobileRaw: '06 12 34 56 78', regionRaw: 'FR' },
  plusNoRegion: { phone: null, mobileRaw: '+33 6 12 34 56 78', regionRaw: '' },
  fullWidthPlus: { phone: null, mobileRaw: '＋33 6 12 34 56 78', regionRaw: '', reason: 'smsRowRegion' },
  unknownRegion: { phone: null, mobileRaw: '+33 6 12 34 56 78', regionRaw: 'France', reason: 'smsRowRegion' },
  internationalPrefix: { phone: null, mobileRaw: '0033 6 12 34 56 78', regionRaw: '', reason: 'smsRowRegion' },
  otherSpaces: { phone: null, mobileRaw: '+33\u00a06\u00a012\u300034\u200956\u202f78', regionRaw: '' },
  trunkInBrackets: { phone: null, mobileRaw: '+33 (0)6-12-34-56-78', regionRaw: '' },
  fullWidthDigits: { phone: null, mobileRaw: '０６ １２ ３４ ５６ ７８', regionRaw: 'FR' },
};
// Not hers: digits that name no country, another number, another country's number with the same digits.
const NOT_HERS: Record<string, Row> = {
  other: { phone: OTHER_E164, mobileRaw: '06 12 34 56 79', regionRaw: 'FR' },
  nationalNoRegion: { phone: null, mobileRaw: '06 12 34 56 78', regionRaw: '', reason: 'smsRowRegion' },
  digitsNoPlus: { phone: null, mobileRaw: '33612345678', regionRaw: '', reason: 'smsRowRegion' },
  otherRefused: { phone: null, mobileRaw: '+33 6 12 34 56 79', regionRaw: '' },
  belgian: { phone: null, mobileRaw: '0612345678', regionRaw: 'BE' },
  prefixWithRegion: { phone: null, mobileRaw: '0033 6 12 34 56 78', regionRaw: 'TW' },
};

describe('erasure and subject access find non-ASCII capitals and international forms of refused SMS rows', () => {
  const clock = testClock(Date.UTC(2026, 11, 8, 9, 0, 0));
  const t = useTestApp({ signIn: true, clock, env: { DELIVERY_WORKER: 'off' } });
  let elise: { appId: number; studentId: number };
  let batchId: number;
  let emailId: number;
  let dottedEmailId: number;
  let otherEmailId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    elise = await createApplication(t, ELISE);
    const closed = await t.post(`${BASE}/updateOther`, { id: elise.appId, version: 1, status: 'withdrawn' }, t.admin);
    expect(closed.meta.code).toBe(200);
    const db = t.db.db;
    const now = clock.now();
    batchId = (
      await db
        .insertInto('smsBatch')
        .values({
          kind: 'batch',
          status: 'draft',
          terminal: 'admin',
          content: 'Open day on Friday',
          accepted: 2,
          rejected: 12,
          createdAt: now,
          updatedAt: now,
          searchText: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const [i, [key, r]] of [...Object.entries(HERS), ...Object.entries(NOT_HERS)].entries()) {
      ids[key] = (
        await db
          .insertInto('smsRecipient')
          .values({
            batchId,
            rowNo: i + 2,
            phone: r.phone,
            mobileRaw: r.mobileRaw,
            regionRaw: r.regionRaw,
            variables: r.phone ? '{}' : 'name=x',
            reason: r.phone ? null : (r.reason ?? 'smsRowDuplicate'),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }

    // An e-mail to her address with its É in capitals, one to another address, and her feedback from it.
    const sender = await db
      .insertInto('mailSender')
      .values({
        host: 'smtp.invalid',
        port: 25,
        account: 'elise-sender',
        passwordEnc: 'x',
        tlsMode: 'none',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const email = async (subject: string, recipient: string) => {
      const id = (
        await db
          .insertInto('emailMessage')
          .values({
            senderId: sender.id,
            subject,
            content: 'Your offer letter',
            bodyHtml: '<p>Your offer letter</p>',
            platform: 'WEB',
            createdAt: now,
            updatedAt: now,
            searchText: '',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await db
        .insertInto('deliveryOutbox')
        .values({
          channel: 'email',
          messageId: id,
          recipient,
          role: 'to',
          status: 'sent',
          nextAttemptAt: now,
          sentAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return id;
    };
    emailId = await email('Dear Élise', ELISE_TYPED);
    dottedEmailId = await email('Dear Élise again', ELISE_DOTTED);
    otherEmailId = await email('Dear someone', 'ÉLISE.Dupont@Example.org');
    await db
      .insertInto('feedback')
      .values({
        memberId: null,
        name: 'Élise',
        email: ELISE_TYPED,
        mobile: null,
        content: 'A question from Élise',
        locale: 'en-US',
        status: 'open',
        createdAt: now,
        searchText: '',
      })
      .execute();
  });

  it('exports her e-mail, feedback and refused rows; the dry run counts what the export holds', async () => {
    const started = await t.post<BackgroundJob>(
      '/admin/v1/privacy/export/add',
      { subjectId: elise.studentId },
      t.admin,
    );
    expect(started.meta.code, started.meta.message).toBe(200);
    expect(await t.app.jobs.runOnce()).toBe(1);
    const res = await jobFile(t, started.data.id, t.admin.token);
    expect(res.statusCode).toBe(200);
    const data = JSON.parse(await (await JSZip.loadAsync(res.rawPayload)).file('data.json')!.async('string')) as Export;
    const rowsOf = (source: string) => data.sources.find((s) => s.source === source)?.rows ?? [];

    expect(rowsOf('delivery/delivery_outbox').map((r) => r.recipient)).toEqual([ELISE_TYPED, ELISE_DOTTED]);
    expect(rowsOf('mail/email_message').map((r) => r.id)).toEqual([emailId, dottedEmailId]);
    expect(rowsOf('feedback/feedback').map((r) => r.email)).toEqual([ELISE_TYPED]);
    expect(rowsOf('sms/sms_recipient').map((r) => r.id)).toEqual(Object.keys(HERS).map((k) => ids[k]));
    expect(rowsOf('sms/sms_batch').map((r) => r.id)).toEqual([batchId]);

    const plan = await t.get<ErasurePlan>(PLAN, { id: elise.studentId }, t.admin);
    expect(plan.meta.code).toBe(200);
    expect(plan.data.refusals).toEqual([]);
    const count = (what: string) => plan.data.items.find((i) => i.what === what)?.count;
    expect(count('deliveryOutbox')).toBe(rowsOf('delivery/delivery_outbox').length);
    expect(count('feedback')).toBe(rowsOf('feedback/feedback').length);
    expect(count('smsRecipient')).toBe(rowsOf('sms/sms_recipient').length);
    expect(count('emailMessage')).toBe(rowsOf('mail/email_message').length);
  });

  it('erases what its dry run counted, and nobody else', async () => {
    const plan = await t.get<ErasurePlan>(PLAN, { id: elise.studentId }, t.admin);
    const res = await t.post<ErasureResult>(ERASE, { id: elise.studentId }, t.admin);
    expect(res.meta.code, res.meta.message).toBe(200);
    const counted = (items: { what: string; count: number }[]) =>
      Object.fromEntries(
        items
          .filter((i) => ['deliveryOutbox', 'smsRecipient', 'feedback', 'emailMessage'].includes(i.what))
          .map((i) => [i.what, i.count]),
      );
    expect(counted(res.data.items)).toEqual(counted(plan.data.items));
    expect(counted(res.data.items)).toMatchObject({
      deliveryOutbox: 2,
      smsRecipient: Object.keys(HERS).length,
      feedback: 1,
    });

    const db = t.db.db;
    const recipients = await db
      .selectFrom('smsRecipient')
      .select(['id', 'phone', 'mobileRaw'])
      .where('batchId', '=', batchId)
      .orderBy('id')
      .execute();
    expect(recipients).toEqual([
      ...Object.keys(HERS).map((k) => ({ id: ids[k], phone: null, mobileRaw: null })),
      ...Object.entries(NOT_HERS).map(([k, r]) => ({ id: ids[k], phone: r.phone, mobileRaw: r.mobileRaw })),
    ]);
    const outbox = await db.selectFrom('deliveryOutbox').select(['messageId', 'recipient']).orderBy('id').execute();
    expect(outbox).toEqual([
      { messageId: emailId, recipient: expect.stringMatching(/@erased\.invalid$/) },
      { messageId: dottedEmailId, recipient: expect.stringMatching(/@erased\.invalid$/) },
      { messageId: otherEmailId, recipient: 'ÉLISE.Dupont@Example.org' },
    ]);
    expect(await db.selectFrom('feedback').select(['email', 'content']).execute()).toEqual([
      { email: null, content: '' },
    ]);
  });
});
