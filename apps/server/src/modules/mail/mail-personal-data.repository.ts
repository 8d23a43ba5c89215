import type { Db } from '../../db/database.js';
import { part, type PersonalData } from '../../lib/personal-data.js';

// The e-mails sent to the person (the delivery module names them by its outbox rows to their address), with their
// attachments, for the subject access export (issue 41). The other recipients of an e-mail are not part of it.
export function createMailPersonalData(db: Db) {
  return {
    async personalData(emailIds: readonly number[]): Promise<PersonalData> {
      const ids = [...emailIds];
      const emails = ids.length
        ? await db
            .selectFrom('emailMessage')
            .select(['id', 'subject', 'content', 'bodyHtml', 'platform', 'isSystem', 'sendAt', 'createdAt'])
            .where('id', 'in', ids)
            .orderBy('id')
            .execute()
        : [];
      const attachments = ids.length
        ? await db
            .selectFrom('emailAttachment')
            .select(['id', 'emailId', 'storedName', 'originalName', 'mime', 'size', 'createdAt'])
            .where('emailId', 'in', ids)
            .orderBy('id')
            .execute()
        : [];
      return {
        parts: [part('mail/email_message', emails), part('mail/email_attachment', attachments)],
        files: attachments.map((a) => ({
          source: 'mail/email_attachment',
          id: a.id,
          name: a.originalName,
          storedName: a.storedName,
        })),
      };
    },
  };
}
