import type { Db } from '../../db/database.js';
import { runInTransaction } from '../../db/transaction.js';

// Retention (issue 41): SMS texts and batches created (and due) before the cutoff lose their body and each
// recipient's variables; recipients and counts stay. Returns the batches blanked.
export const blankOldSmsBodies = (db: Db, cutoff: number, now: number): Promise<number> =>
  runInTransaction(db, async (tx) => {
    const ids = (
      await tx
        .selectFrom('smsBatch')
        .select('id')
        .where('createdAt', '<', cutoff)
        .where('status', '=', 'queued')
        .where((eb) => eb.or([eb('sendAt', 'is', null), eb('sendAt', '<', cutoff)]))
        .where('content', '!=', '')
        .execute()
    ).map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await tx.updateTable('smsBatch').set({ content: '', updatedAt: now }).where('id', 'in', chunk).execute();
      await tx.updateTable('smsRecipient').set({ variables: null }).where('batchId', 'in', chunk).execute();
    }
    return ids.length;
  });
