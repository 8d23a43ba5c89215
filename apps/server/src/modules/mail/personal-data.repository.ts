import type { Db } from '../../db/database.js';
import { part, type PersonalData } from '../../lib/personal-data.js';
import type { Conn } from '../../db/conn.js';
import { countIn } from '../../db/sql-helpers.js';
import {
  type ErasureSubject,
  noteRecords,
  partLines,
  type PersonalDataPart,
  purgeSearchIndex,
} from '../../db/personal-data.js';

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

// E-mails copying one of the person's records (a reminder of their application e-mailed to a teacher, decision 344):
// their source names the record's table as the other parts note it. Sent to others, they name the person.
async function copiesOf(tx: Conn, s: ErasureSubject): Promise<number[]> {
  const out: number[] = [];
  for (const [table, ids] of s.records) {
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await tx
        .selectFrom('emailMessage')
        .select('id')
        .where('source', '=', table)
        .where('sourceId', 'in', ids.slice(i, i + 500))
        .execute();
      out.push(...rows.map((r) => r.id));
    }
  }
  return out;
}
// The e-mails blanked: those sent to the person and the copies of their records sent to anyone.
const blanked = async (tx: Conn, s: ErasureSubject) => [...new Set([...s.received.email, ...(await copiesOf(tx, s))])];

// The part's lines (counts: the e-mails blanked, their attachments).
const lines = partLines('mail', [
  ['emailMessage', 'anonymise', 'blanked'],
  ['emailAttachment', 'erase', 'personal'],
]);

// E-mails sent to an erased person (found by the delivery module's outbox rows), and the copies of their records
// sent to others: kept as rows so the counts of what was sent stay, with subject and body blanked; their attachments
// go, from storage too when no other e-mail keeps the same stored file. The e-mails are records of the audit log:
// noted, so its entries of them keep which fields changed, not the subjects and bodies (the delivery module's part,
// before this one, named those sent to the person).
export const mailPersonalData: PersonalDataPart = {
  module: 'mail',
  async collect(tx, s) {
    noteRecords(s, 'emailMessage', await blanked(tx, s));
  },
  async plan(tx, s) {
    const ids = await blanked(tx, s);
    return lines(ids.length, await countIn(tx, 'emailAttachment', 'emailId', ids));
  },
  async erase(tx, s) {
    const ids = await blanked(tx, s);
    if (!ids.length) {
      return { lines: lines(0, 0) };
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
      lines: lines(ids.length, files.length),
      storedNames: names.filter((n) => !still.has(n)),
    };
  },
};
