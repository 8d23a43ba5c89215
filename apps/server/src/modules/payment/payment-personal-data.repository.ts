import type { Db } from '../../db/database.js';
import { part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';

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
