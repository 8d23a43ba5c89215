import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, PaymentTotals, PaymentView, Track } from '@study-crm/shared';
import { testClock, type Values } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { whileHeld } from '../../test/while-held.js';
import { createApplication, PDF_MINI } from '../../test/application-fixtures.js';
import { addSenderFor, useSmtpServer } from '../../test/smtp-fixture.js';
import { createFileStorage } from '../files/index.js';

const PAY = '/api/v1/mc/paymentRecord';
const smtp = await useSmtpServer({ pass: 'pw' });
const DAY_MS = 24 * 60 * 60 * 1000;

// Decision 377: a file an edit dropped that an e-mail still attaches (and a payment's file an erased person's e-mail
// attached), a void racing a confirmation, and totals beyond what a JavaScript number holds exactly (both engines).
describe('payment records keep files, log and totals true', () => {
  const t = useTestApp({ signIn: true });
  let appId: number;
  let senderId: number;

  const form = (o: Values = {}): Values => ({
    applicationId: appId,
    title: 'Tuition deposit',
    type: 'collection',
    transactionDate: '2026-11-20',
    amount: '100',
    currency: 'GBP',
    ...o,
  });
  const create = (o: Values = {}) => t.post<PaymentView>(`${PAY}/create`, form(o), t.admin);
  const update = (row: PaymentView, o: Values = {}) =>
    t.post<PaymentView>(
      `${PAY}/update`,
      { ...form({ title: row.title, ...o }), id: row.id, version: row.version },
      t.admin,
    );
  const upload = async (name: string) => {
    const res = await t.upload<{ name: string }>('/api/v1/fms/upload', {}, { name, content: PDF_MINI }, t.admin);
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data.name;
  };
  const stored = async () => (await createFileStorage(t.config, testClock()).list()).map((f) => f.storedName);

  // An e-mail for tomorrow attaching one upload, through the test's mail server.
  const scheduleEmail = async (to: string, subject: string, storedName: string, fileName: string) => {
    const res = await t.post<{ id: number }>(
      '/admin/v1/message/email/add',
      {
        senderId,
        platform: 'WEB',
        recipients: to,
        subject,
        content: '<p>Attached</p>',
        attachments: storedName,
        attachmentNames: fileName,
        sendAt: Date.now() + DAY_MS,
      },
      t.admin,
    );
    expect(res.meta.code, res.meta.message).toBe(200);
  };

  beforeAll(async () => {
    ({ appId } = await createApplication(t));
    senderId = await addSenderFor(t, smtp, t.admin);
  });

  it('keeps a file an edit dropped while a scheduled e-mail still attaches it, removing one nothing keeps', async () => {
    const shared = await upload('contract.pdf');
    const own = await upload('draft.pdf');
    const row = (await create({ title: 'shared contract', contractFiles: [`${shared}|contract.pdf`, `${own}|d.pdf`] }))
      .data;
    expect(row.contractFiles).toHaveLength(2);
    await scheduleEmail('amy@example.com', 'Your contract', shared, 'contract.pdf');

    const edited = await update(row, { contractFiles: '' });
    expect(edited.meta.code, edited.meta.message).toBe(200);
    expect(edited.data.contractFiles).toEqual([]);
    const left = await stored();
    expect(left).toContain(shared);
    expect(left).not.toContain(own);
  });

  it("keeps a payment's file when a person an e-mail sent it to is erased", async () => {
    const shared = await upload('receipt.pdf');
    expect((await create({ title: 'kept receipt', receipt: shared })).meta.code).toBe(200);
    const student = await t.post<{ id: number }>(
      '/api/v1/mc/member/add',
      { email: 'erased.reader@example.com', password: 'Student#2026', memberType: 'student' },
      t.admin,
    );
    expect(student.meta.code, student.meta.message).toBe(200);
    await scheduleEmail('erased.reader@example.com', 'Your receipt', shared, 'receipt.pdf');
    const own = await upload('only-mailed.pdf');
    await scheduleEmail('erased.reader@example.com', 'Only for you', own, 'only-mailed.pdf');

    const erased = await t.post('/admin/v1/sys/privacy/erasure/erase', { id: student.data.id }, t.admin);
    expect(erased.meta.code, erased.meta.message).toBe(200);
    const left = await stored();
    expect(left).toContain(shared);
    expect(left).not.toContain(own);
  });

  it('logs the status a void moved from when a confirmation commits as the void begins', async () => {
    const row = (await create({ title: 'void racing confirm' })).data;
    // Another call's confirmation, not yet committed when the void reads the record.
    const voided = await whileHeld(
      t.db,
      async (trx) => {
        await trx
          .updateTable('paymentRecord')
          .set((eb) => ({
            status: 'confirmed',
            confirmedBy: t.admin.mid,
            confirmedAt: Date.now(),
            version: eb('version', '+', 1),
          }))
          .where('id', '=', row.id)
          .execute();
      },
      () => t.post<PaymentView>(`${PAY}/void`, { id: row.id, reason: 'raced' }, t.admin),
    );
    expect(voided.meta.code, voided.meta.message).toBe(200);
    expect(voided.data.status).toBe('voided');
    const log = await t.get<Page<Track>>('/api/v1/cake/tracks', { paymentId: row.id, operation: 'void' }, t.admin);
    expect(log.data.list).toHaveLength(1);
    expect(log.data.list[0]!.changes).toContainEqual({ field: 'status', before: 'confirmed', after: 'voided' });
  });

  it('refuses (400 naming amount) a write taking a currency’s collections past 2^53 - 1, so totals always answer', async () => {
    const MAX = Number.MAX_SAFE_INTEGER;
    const count = () => t.db.db.selectFrom('paymentRecord').select('id').where('currency', '=', 'CHF').execute();
    // Collections up to 10.00 CHF short of the limit (written on the row: the triggers keep the summary).
    const base = (await create({ title: 'near the limit', currency: 'CHF', amount: '1' })).data;
    await t.db.db
      .updateTable('paymentRecord')
      .set({ amountMinor: MAX - 1000 })
      .where('id', '=', base.id)
      .execute();

    // Four at once with room for two: the summary row each write moves makes them wait for each other.
    const parallel = await Promise.all(
      [1, 2, 3, 4].map((n) => create({ title: `at once ${n}`, currency: 'CHF', amount: '4.00' })),
    );
    expect(parallel.map((r) => r.meta.code).sort()).toEqual([200, 200, 400, 400]);
    expect(await count()).toHaveLength(3);
    const over = await create({ title: 'one cent too many', currency: 'CHF', amount: '2.01' });
    expect(over.meta.code).toBe(400);
    expect(over.meta.message).toContain('amount');
    expect(over.meta.message).toContain('2.00 CHF');
    expect(await count()).toHaveLength(3);
    const fits = await create({ title: 'up to the limit', currency: 'CHF', amount: '2.00' });
    expect(fits.meta.code, fits.meta.message).toBe(200);
    // Refunds are summed apart: their own limit.
    expect((await create({ title: 'a refund', currency: 'CHF', amount: '5', type: 'refund' })).meta.code).toBe(200);

    // An edit raising the amount, or moving a record into the currency, is refused the same way; others go through.
    const raised = await update(fits.data, { currency: 'CHF', amount: '2.01' });
    expect(raised.meta.code).toBe(400);
    expect(raised.meta.message).toContain('amount');
    const gbp = (await create({ title: 'moved in', amount: '0.01' })).data;
    const moved = await update(gbp, { currency: 'CHF', amount: '0.01' });
    expect(moved.meta.code).toBe(400);
    expect(moved.meta.message).toContain('amount');
    const noted = await update(fits.data, { currency: 'CHF', amount: '2.00', description: 'checked' });
    expect(noted.meta.code, noted.meta.message).toBe(200);
    expect((await t.post(`${PAY}/confirm`, { id: base.id }, t.admin)).meta.code).toBe(200);

    for (const filter of [{}, { currency: 'CHF' }, { dateFrom: '2026-01-01' }, { applicationId: appId }]) {
      const totals = await t.get<PaymentTotals>(`${PAY}/countAmount`, filter, t.admin);
      expect(totals.meta.code, `${JSON.stringify(filter)} ${totals.meta.message}`).toBe(200);
      expect(totals.data.currencies.find((c) => c.currency === 'CHF')).toMatchObject({
        totalMinor: MAX - 500,
        confirmedMinor: MAX - 1000,
        pendingMinor: 500,
        count: 5,
      });
    }
  });
});
