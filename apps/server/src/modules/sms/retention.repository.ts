import { searchText } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import { purgeSearchIndex } from '../../db/personal-data.js';
import { runInTransaction } from '../../db/transaction.js';
import { groupBy } from '../../lib/group.js';

// Retention (issue 41): SMS texts and batches created (and due) before the cutoff lose their body and each
// recipient's variables; recipients and counts stay. The search text is made again from what is left (the file
// name), so the search indexes its triggers keep (SQLite's full-text table, merged at once as an erasure does; the
// trigram index; the short parts and tails tables) drop the text too. Returns the batches blanked.
export const blankOldSmsBodies = (db: Db, cutoff: number, now: number): Promise<number> =>
  runInTransaction(db, async (tx) => {
    const rows = await tx
      .selectFrom('smsBatch')
      .select(['id', 'fileName'])
      .where('createdAt', '<', cutoff)
      .where('status', '=', 'queued')
      .where((eb) => eb.or([eb('sendAt', 'is', null), eb('sendAt', '<', cutoff)]))
      .where('content', '!=', '')
      .execute();
    const ids = rows.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await tx.updateTable('smsBatch').set({ content: '', updatedAt: now }).where('id', 'in', chunk).execute();
      await tx.updateTable('smsRecipient').set({ variables: null }).where('batchId', 'in', chunk).execute();
    }
    // One statement per search text left (batches of one file name share it).
    const byText = groupBy(
      rows,
      (r) => searchText([r.fileName]),
      (r) => r.id,
    );
    for (const [text, same] of byText) {
      for (let i = 0; i < same.length; i += 500) {
        await tx
          .updateTable('smsBatch')
          .set({ searchText: text })
          .where('id', 'in', same.slice(i, i + 500))
          .execute();
      }
    }
    if (ids.length) await purgeSearchIndex(tx, 'sms_batch_search');
    return ids.length;
  });
