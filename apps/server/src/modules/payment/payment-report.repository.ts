import type { PaymentFigures } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { compileOnce } from '../../db/compiled.js';
import { digitsOf } from './payment.mapper.js';
import { dayTotalSums, summaryInKeyOrder } from './payment.repository.js';

type Sums = Omit<PaymentFigures['currencies'][number], 'currency' | 'digits'>;

// Records still waiting for confirmation, per currency (never added together): collections and refunds apart.
export type PendingTotals = {
  currency: string;
  digits: number;
  collectionMinor: number;
  collectionCount: number;
  refundMinor: number;
  refundCount: number;
}[];

// The payment figures of the dashboard (issue 21): sums per currency, type and status of the records dated in the
// period, read from payment_day_total (per-day sums kept by triggers, migration 0024): a few rows per day whatever
// the number of payments. Voided records are left out; currencies are never added together.
export function createPaymentReport(db: Db) {
  // Built and compiled once (issue 43); the period's bounds are slots.
  const pending = compileOnce(db, [], () =>
    summaryInKeyOrder(db).select(['currency', 'type', 'amountMinor', 'n']).where('status', '=', 'pending'),
  );
  const period = compileOnce(db, ['from', 'to'], (s) =>
    db
      .selectFrom('paymentDayTotal')
      .select(dayTotalSums)
      .where('day', '>=', s.from)
      .where('day', '<=', s.to)
      .where('status', 'in', ['pending', 'confirmed'])
      .groupBy(['currency', 'type', 'status']),
  );
  return {
    // Every pending record of all time, from payment_summary (per currency, type and status, kept by triggers, and
    // read in key order: summaryInKeyOrder): a dozen rows whatever the number of payments.
    async pendingTotals(): Promise<PendingTotals> {
      const { rows } = await pending({});
      const by = new Map<string, PendingTotals[number]>();
      for (const r of rows) {
        const n = Number(r.n);
        if (!n) continue;
        const t = by.get(r.currency) ?? {
          currency: r.currency,
          digits: digitsOf(r.currency),
          collectionMinor: 0,
          collectionCount: 0,
          refundMinor: 0,
          refundCount: 0,
        };
        if (r.type === 'collection') {
          t.collectionMinor += Number(r.amountMinor);
          t.collectionCount += n;
        } else {
          t.refundMinor += Number(r.amountMinor);
          t.refundCount += n;
        }
        by.set(r.currency, t);
      }
      return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
    },

    async figures(from: string, to: string): Promise<PaymentFigures> {
      const { rows } = await period({ from, to });
      const by = new Map<string, Sums>();
      for (const r of rows) {
        const t = by.get(r.currency) ?? {
          collectedConfirmedMinor: 0,
          collectedPendingMinor: 0,
          refundedConfirmedMinor: 0,
          refundedPendingMinor: 0,
          count: 0,
        };
        const sum = Number(r.sum ?? 0);
        const confirmed = r.status === 'confirmed';
        if (r.type === 'collection') {
          if (confirmed) t.collectedConfirmedMinor += sum;
          else t.collectedPendingMinor += sum;
        } else if (confirmed) t.refundedConfirmedMinor += sum;
        else t.refundedPendingMinor += sum;
        t.count += Number(r.n);
        by.set(r.currency, t);
      }
      return {
        currencies: [...by.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([currency, t]) => ({ currency, digits: digitsOf(currency), ...t })),
      };
    },
  };
}
export type PaymentReport = ReturnType<typeof createPaymentReport>;
