import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';

// The texts sent to the person's mobile (the delivery module names their batches by its outbox rows), with the
// person's own recipient row (their variables), for the subject access export (issue 41). Never the other
// recipients of a batch.
export function createSmsPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject, batchIds: readonly number[]): Promise<PersonalData> {
      const ids = [...batchIds];
      const batches = ids.length
        ? await db
            .selectFrom('smsBatch')
            .select(['id', 'kind', 'status', 'purpose', 'sender', 'content', 'sendAt', 'createdAt'])
            .where('id', 'in', ids)
            .orderBy('id')
            .execute()
        : [];
      const recipients =
        ids.length && s.phones.length
          ? await db
              .selectFrom('smsRecipient')
              .select(['id', 'batchId', 'rowNo', 'phone', 'mobileRaw', 'regionRaw', 'variables', 'reason'])
              .where('batchId', 'in', ids)
              .where('phone', 'in', s.phones)
              .orderBy('id')
              .execute()
          : [];
      return { parts: [part('sms/sms_batch', batches), part('sms/sms_recipient', recipients)], files: noFiles };
    },
  };
}
