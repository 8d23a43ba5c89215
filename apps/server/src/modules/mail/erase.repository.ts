import { line, purgeSearchIndex, type PersonalDataPart } from '../../db/personal-data.js';

// E-mails sent to an erased person (found by the delivery module's outbox rows): kept as rows so the counts of what
// was sent stay, with subject and body blanked; their attachments go, from storage too when no other e-mail keeps
// the same stored file.
export const mailPersonalData: PersonalDataPart = {
  module: 'mail',
  async plan(conn, s) {
    const ids = s.received.email;
    const files = ids.length
      ? await conn.selectFrom('emailAttachment').select('id').where('emailId', 'in', ids).execute()
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
