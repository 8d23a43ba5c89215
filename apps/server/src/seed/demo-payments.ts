import { searchText } from '@study-crm/shared';
import type { Db } from '../db/database.js';
import type { Row } from '../db/schema.js';
import { paymentSearchKey } from '../modules/payment/index.js';
import { demoDayBase, seedDemoApplications } from './demo-applications.js';
import { countDemoRows, rng } from './demo-rows.js';

// Demo payment records for the payment screens and their benchmark (issue 16): deterministic rows spread over the
// existing applications, several currencies, collections and refunds, pending / confirmed / voided, each with its
// 'create' log entry (and 'confirm' for confirmed ones). Idempotent: demo rows are marked by their title prefix.
export const DEMO_PAYMENT_PREFIX = 'Demo payment';

const CURRENCIES = [
  ['GBP', 2],
  ['GBP', 2],
  ['GBP', 2],
  ['CNY', 2],
  ['HKD', 2],
  ['USD', 2],
  ['JPY', 0],
] as const;
const METHODS = ['bank_transfer', 'card', 'alipay', 'wechat_pay', 'paypal', 'cash'];
const TITLES = ['Deposit', 'Tuition', 'Service fee', 'Visa fee', 'Accommodation', 'Application fee'];

export async function seedDemoPayments(db: Db, count: number, log: (line: string) => void, batchSize = 1000) {
  const have = await countDemoRows(db, 'paymentRecord', 'title', `${DEMO_PAYMENT_PREFIX}%`);
  const missing = Math.max(0, count - have);
  if (!missing) return 0;
  // Payments belong to applications: a thousand demo applications when there are none.
  const liveApplications = () =>
    db
      .selectFrom('application')
      .select(['id', 'memberId', 'name', 'signingTeacherId'])
      .where('deletedAt', 'is', null)
      .orderBy('id')
      .limit(20_000)
      .execute();
  let apps = await liveApplications();
  if (!apps.length) {
    await seedDemoApplications(db, 1000);
    apps = await liveApplications();
  }
  const admin = await db
    .selectFrom('member')
    .select('id')
    .where('memberType', '=', 'staff')
    .orderBy('id')
    .executeTakeFirst();
  const operator = admin?.id ?? null;
  // 1,400 days ending today, so the dashboard's past 30 days hold data whenever the demo is seeded.
  const dayBase = demoDayBase();

  for (let start = have; start < have + missing; start += batchSize) {
    const end = Math.min(have + missing, start + batchSize);
    await db.transaction().execute(async (tx) => {
      const rows: Omit<Row<'paymentRecord'>, 'id' | 'searchText'>[] = [];
      for (let n = start; n < end; n++) {
        const r = rng(n * 13 + 5);
        const app = apps[Math.floor(r() * apps.length)]!;
        const [currency, digits] = CURRENCIES[Math.floor(r() * CURRENCIES.length)]!;
        const refund = r() < 0.1;
        const roll = r();
        const status = roll < 0.6 ? 'confirmed' : roll < 0.95 ? 'pending' : 'voided';
        const day = Math.floor(r() * 1400);
        const createdAt = dayBase + day * 86_400_000;
        const major = 50 + Math.floor(r() * (refund ? 500 : 5000));
        rows.push({
          applicationId: app.id,
          studentId: app.memberId,
          studentName: app.name,
          searchName: paymentSearchKey(app.name),
          title: `${DEMO_PAYMENT_PREFIX} ${n + 1} · ${TITLES[Math.floor(r() * TITLES.length)]}`,
          type: refund ? ('refund' as const) : ('collection' as const),
          status: status as 'confirmed' | 'pending' | 'voided',
          transactionDate: new Date(createdAt).toISOString().slice(0, 10),
          amountMinor: major * 10 ** digits + (digits ? Math.floor(r() * 100) : 0),
          currency,
          transferMethod: METHODS[Math.floor(r() * METHODS.length)] as string,
          description: null,
          signingTeacherId: app.signingTeacherId,
          createdBy: operator,
          confirmedBy: status === 'confirmed' ? operator : null,
          confirmedAt: status === 'confirmed' ? createdAt + 3_600_000 : null,
          voidReason: status === 'voided' ? 'Entered twice' : null,
          voidedBy: status === 'voided' ? operator : null,
          voidedAt: status === 'voided' ? createdAt + 7_200_000 : null,
          version: 1,
          createdAt,
          updatedAt: createdAt,
        });
      }
      const ids = await tx
        .insertInto('paymentRecord')
        .values(rows.map((row) => ({ ...row, searchText: searchText([row.studentName, row.title]) })))
        .returning('id')
        .execute();
      const tracks = ids.flatMap(({ id }, i) => {
        const row = rows[i]!;
        const out = [
          {
            paymentId: id,
            operatorId: operator,
            operation: 'create',
            changes: JSON.stringify([{ field: 'title', before: null, after: row.title }]),
            createdAt: row.createdAt,
          },
        ];
        if (row.confirmedAt) {
          out.push({
            paymentId: id,
            operatorId: operator,
            operation: 'confirm',
            changes: JSON.stringify([{ field: 'status', before: 'pending', after: 'confirmed' }]),
            createdAt: row.confirmedAt,
          });
        }
        return out;
      });
      await tx.insertInto('paymentTrack').values(tracks).execute();
    });
    if ((end - have) % 50_000 < batchSize) log(`payments: ${end - have}/${missing}`);
  }
  return missing;
}
