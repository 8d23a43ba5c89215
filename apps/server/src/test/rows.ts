import type { Insertable } from 'kysely';
import type { Db } from '../db/conn.js';
import type { MemberNoticeTable, PaymentRecordTable } from '../db/schema.js';

// Rows tests write straight into a table (server tests and e2e alike), each column a test does not look at filled
// in once here. Not a test file itself.

// A notice to one member, published at `now`, with no expiry.
export const noticeRow = (
  memberId: number,
  title: string,
  content: string,
  now: number,
): Insertable<MemberNoticeTable> => ({
  memberId,
  title,
  content,
  createdBy: null,
  createdAt: now,
  updatedAt: now,
  deletedAt: null,
  expiresAt: null,
  updatedBy: null,
});

export type PaymentOf = {
  applicationId: number;
  student: string;
  date: string;
  now: number;
};

// One payment: amount in minor units, currency, type, status.
export type PaymentLine = [number, string, 'collection' | 'refund', 'pending' | 'confirmed' | 'voided'];

// Inserts payments on one application, a "Tuition" record per line.
export async function insertPayments(db: Db, of: PaymentOf, lines: PaymentLine[]): Promise<void> {
  const rows = lines.map(([amountMinor, currency, type, status]): Insertable<PaymentRecordTable> => ({
    applicationId: of.applicationId,
    studentName: of.student,
    searchName: of.student,
    title: 'Tuition',
    type,
    status,
    transactionDate: of.date,
    amountMinor,
    currency,
    createdAt: of.now,
    updatedAt: of.now,
  }));
  await db.insertInto('paymentRecord').values(rows).execute();
}

// The value of one of the servers' shared change counters (`access`, `sys_config`: sysconfig's change_counter).
export async function changeCounterValue(db: Db, name: string): Promise<number> {
  const row = await db.selectFrom('changeCounter').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Number(row.value);
}

// A passport reminder of an application (due 2026-12-20, sent 7 days before) to a teacher, as the reminder run
// writes it at `now`: its id.
export async function insertPassportReminder(
  db: Db,
  of: { applicationId: number; teacherId: number; subjectKey: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('applicationReminder')
    .values({
      applicationId: of.applicationId,
      kind: 'passport',
      subjectKey: of.subjectKey,
      dueDate: '2026-12-20',
      daysBefore: 7,
      teacherId: of.teacherId,
      createdAt: of.now,
      updatedAt: of.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
