import { sql } from 'kysely';
import type { DbHandle } from '../db/database.js';
import type { Tx } from '../db/transaction.js';

// Races a call against a transaction of the test's own: `held` runs in it, then `call` starts, and the transaction
// commits once the call waits for a lock it holds (PostgreSQL, seen in pg_stat_activity) or after a moment (SQLite:
// one connection, so every statement of the call waits for the commit). Answers the call's result.
export async function whileHeld<T>(
  handle: Pick<DbHandle, 'db' | 'dialect'>,
  held: (trx: Tx) => Promise<void>,
  call: () => Promise<T>,
): Promise<T> {
  let pending: Promise<T> | undefined;
  await handle.db.transaction().execute(async (trx) => {
    await held(trx);
    pending = call();
    if (handle.dialect === 'postgres') {
      for (let i = 0; i < 200; i++) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(handle.db);
        if (rows[0]!.n > 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
    } else await new Promise((r) => setTimeout(r, 50));
  });
  return pending!;
}
