import type { Db } from '../../db/database.js';
import { part, type PersonalData } from '../../lib/personal-data.js';
import { line, noteRecords, type PersonalDataPart, purgeSearchIndex } from '../../db/personal-data.js';

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

// E-mails sent to an erased person (found by the delivery module's outbox rows): kept as rows so the counts of what
// was sent stay, with subject and body blanked; their attachments go, from storage too when no other e-mail keeps
// the same stored file. The e-mails are records of the audit log: noted, so its entries of them keep which fields
// changed, not the subjects and bodies (the delivery module's part, before this one, named them).
export const mailPersonalData: PersonalDataPart = {
  module: 'mail',
  async collect(_tx, s) {
    noteRecords(s, 'emailMessage', s.received.email);
  },
  async plan(tx, s) {
    const ids = s.received.email;
    const files = ids.length
      ? await tx.selectFrom('emailAttachment').select('id').where('emailId', 'in', ids).execute()
      : [];
    return [
      line('mail', 'emailMessage', 'anonymise', ids.length, 'blanked'),
      line('mail', 'emailAttachment', 'erase', files.length, 'personal'),
    ];
  },
  async erase(tx, s) {
    const ids = s.received.email;
    if (!ids.length) {
      return {
        lines: [
          line('mail', 'emailMessage', 'anonymise', 0, 'blanked'),
          line('mail', 'emailAttachment', 'erase', 0, 'personal'),
        ],
      };
    }
    await tx
      .updateTable('emailMessage')
      .set({ subject: '', content: '', bodyHtml: '', searchText: '', updatedAt: s.now })
      .where('id', 'in', ids)
      .execute();
    const files = await tx
      .selectFrom('emailAttachment')
      .select(['id', 'storedName'])
      .where('emailId', 'in', ids)
      .execute();
    await tx.deleteFrom('emailAttachment').where('emailId', 'in', ids).execute();
    const names = [...new Set(files.map((f) => f.storedName))];
    const still = names.length
      ? new Set(
          (await tx.selectFrom('emailAttachment').select('storedName').where('storedName', 'in', names).execute()).map(
            (r) => r.storedName,
          ),
        )
      : new Set<string>();
    await purgeSearchIndex(tx, 'email_message_search');
    return {
      lines: [
        line('mail', 'emailMessage', 'anonymise', ids.length, 'blanked'),
        line('mail', 'emailAttachment', 'erase', files.length, 'personal'),
      ],
      storedNames: names.filter((n) => !still.has(n)),
    };
  },
};
