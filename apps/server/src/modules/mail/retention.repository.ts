import type { Db } from '../../db/database.js';
import { purgeSearchIndex } from '../../db/personal-data.js';
import { runInTransaction } from '../../db/transaction.js';

// Retention (issue 41): the bodies of e-mails created (and due) before the cutoff are blanked; the rows stay, so the
// counts of what was sent stay. Returns the e-mails blanked.
export const blankOldEmailBodies = (db: Db, cutoff: number, now: number): Promise<number> =>
  runInTransaction(db, async (tx) => {
    const r = await tx
      .updateTable('emailMessage')
      .set({ content: '', bodyHtml: '', updatedAt: now })
      .where('createdAt', '<', cutoff)
      .where((eb) => eb.or([eb('sendAt', 'is', null), eb('sendAt', '<', cutoff)]))
      .where((eb) => eb.or([eb('content', '!=', ''), eb('bodyHtml', '!=', '')]))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows)) await purgeSearchIndex(tx, 'email_message_search');
    return Number(r.numUpdatedRows);
  });
