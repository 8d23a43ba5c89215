import type { Db } from '../../db/database.js';
import { part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import { searchText } from '@study-crm/shared';
import type { Conn } from '../../db/conn.js';
import {
  type ErasureSubject,
  line,
  noteRecords,
  noteValue,
  type PersonalDataPart,
  purgeSearchIndex,
  scrubText,
} from '../../db/personal-data.js';
import { searchKey } from './payment.repository.js';

// The person's payments (as the student, or on their applications), their files and operation log, for the subject
// access export (issue 41).
export function createPaymentPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject, applicationIds: readonly number[]): Promise<PersonalData> {
      const payments = await db
        .selectFrom('paymentRecord')
        .selectAll()
        .where((eb) =>
          applicationIds.length
            ? eb.or([eb('studentId', '=', s.memberId), eb('applicationId', 'in', [...applicationIds])])
            : eb('studentId', '=', s.memberId),
        )
        .orderBy('id')
        .execute();
      const ids = payments.map((p) => p.id);
      const files = ids.length
        ? await db
            .selectFrom('paymentFile')
            .select(['id', 'paymentId', 'kind', 'storedName', 'originalName', 'extension', 'mime', 'size', 'createdAt'])
            .where('paymentId', 'in', ids)
            .orderBy('id')
            .execute()
        : [];
      const tracks = ids.length
        ? await db.selectFrom('paymentTrack').selectAll().where('paymentId', 'in', ids).orderBy('id').execute()
        : [];
      return {
        parts: [
          part(
            'payment/payment_record',
            payments.map(({ searchText: _t, searchName: _n, ...p }) => p),
          ),
          part('payment/payment_file', files),
          part('payment/payment_track', tracks),
        ],
        files: files.map((f) => ({
          source: 'payment/payment_file',
          id: f.id,
          name: f.originalName,
          storedName: f.storedName,
        })),
      };
    },
  };
}

// Payment records are kept where a legal ground remains (the accounting period, privacy.paymentKeepYears): their
// amounts, currencies, dates and statuses stay so every total adds up, and the person on them becomes the
// pseudonym. Older records stay pseudonymised too (nothing personal is left on them), but their attachments go.
// Inside the period the attachments (contracts, receipts) are kept as the evidence of the books, under a neutral
// file name. The operation log's diffs are scrubbed of the person's values.
const paymentsOf = (tx: Conn, s: ErasureSubject) =>
  tx
    .selectFrom('paymentRecord')
    .where((eb) =>
      eb.or([
        eb('studentId', '=', s.memberId),
        ...(s.applicationIds.length ? [eb('applicationId', 'in', s.applicationIds)] : []),
      ]),
    );

async function filesOf(tx: Conn, ids: number[]) {
  if (!ids.length) return [];
  return tx
    .selectFrom('paymentFile')
    .select(['id', 'paymentId', 'kind', 'storedName', 'extension'])
    .where('paymentId', 'in', ids)
    .execute();
}

async function summary(tx: Conn, s: ErasureSubject) {
  const rows = await paymentsOf(tx, s).select(['id', 'transactionDate']).execute();
  const kept = rows.filter((r) => r.transactionDate >= s.keepPaymentsFrom).map((r) => r.id);
  const old = rows.filter((r) => r.transactionDate < s.keepPaymentsFrom).map((r) => r.id);
  const files = await filesOf(
    tx,
    rows.map((r) => r.id),
  );
  const keptSet = new Set(kept);
  const tracks = rows.length
    ? Number(
        (
          await tx
            .selectFrom('paymentTrack')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where(
              'paymentId',
              'in',
              rows.map((r) => r.id),
            )
            .executeTakeFirst()
        )?.n ?? 0,
      )
    : 0;
  return {
    ids: rows.map((r) => r.id),
    kept,
    old,
    keptFiles: files.filter((f) => keptSet.has(f.paymentId)),
    oldFiles: files.filter((f) => !keptSet.has(f.paymentId)),
    tracks,
  };
}

const linesOf = (x: Awaited<ReturnType<typeof summary>>) => [
  line('payment', 'paymentRecord', 'keep', x.kept.length, 'legalGround'),
  line('payment', 'paymentRecord', 'anonymise', x.old.length, 'pseudonym'),
  line('payment', 'paymentFile', 'keep', x.keptFiles.length, 'legalGround'),
  line('payment', 'paymentFile', 'erase', x.oldFiles.length, 'personal'),
  line('payment', 'paymentTrack', 'anonymise', x.tracks, 'factOnly'),
];

export const paymentPersonalData: PersonalDataPart = {
  module: 'payment',
  async collect(tx, s) {
    const rows = await paymentsOf(tx, s).select(['id', 'studentName', 'description']).execute();
    for (const r of rows) noteValue(s, r.studentName);
    noteRecords(
      s,
      'paymentRecord',
      rows.map((r) => r.id),
    );
  },
  async refusals(tx, s) {
    const pending = await paymentsOf(tx, s).select('id').where('status', '=', 'pending').orderBy('id').execute();
    return pending.length ? [{ reason: 'unconfirmedPayment', ids: pending.map((r) => r.id) }] : [];
  },
  plan: async (tx, s) => linesOf(await summary(tx, s)),
  // Runs inside the log guard (the erasure module opens it): payment_track is append-only otherwise.
  async erase(tx, s) {
    const x = await summary(tx, s);
    if (x.ids.length) {
      await tx
        .updateTable('paymentRecord')
        .set({
          studentName: s.pseudonym,
          searchName: searchKey(s.pseudonym),
          searchText: searchText([s.pseudonym]),
          description: null,
        })
        .where('id', 'in', x.ids)
        .execute();
      for (const f of x.keptFiles) {
        await tx
          .updateTable('paymentFile')
          .set({ originalName: `${f.kind}-${f.id}.${f.extension}` })
          .where('id', '=', f.id)
          .execute();
      }
      if (x.oldFiles.length) {
        await tx
          .deleteFrom('paymentFile')
          .where(
            'id',
            'in',
            x.oldFiles.map((f) => f.id),
          )
          .execute();
      }
      const tracks = await tx
        .selectFrom('paymentTrack')
        .select(['id', 'changes'])
        .where('paymentId', 'in', x.ids)
        .execute();
      for (const t of tracks) {
        const scrubbed = scrubText(t.changes, s);
        if (scrubbed !== null)
          await tx.updateTable('paymentTrack').set({ changes: scrubbed }).where('id', '=', t.id).execute();
      }
      await purgeSearchIndex(tx, 'payment_record_search');
    }
    return { lines: linesOf(x), storedNames: x.oldFiles.map((f) => f.storedName) };
  },
};
