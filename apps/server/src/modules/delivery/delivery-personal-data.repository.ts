import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';

// What was sent to the person's addresses, with its delivery status, for the subject access export (issue 41). The
// mail and SMS modules answer for the messages these rows name (`messageIds`).
export function createDeliveryPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject) {
      const to = [...s.emails, ...s.phones];
      const rows = to.length
        ? await db
            .selectFrom('deliveryOutbox')
            .select([
              'id',
              'channel',
              'messageId',
              'recipient',
              'role',
              'status',
              'attempts',
              'sentAt',
              'lastError',
              'createdAt',
              'updatedAt',
            ])
            .where('recipient', 'in', to)
            .orderBy('id')
            .execute()
        : [];
      const idsOf = (channel: string) => [
        ...new Set(rows.filter((r) => r.channel === channel).map((r) => r.messageId)),
      ];
      const data: PersonalData = { parts: [part('delivery/delivery_outbox', rows)], files: noFiles };
      return { ...data, emailIds: idsOf('email'), smsBatchIds: idsOf('sms') };
    },
  };
}
