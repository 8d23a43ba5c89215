import { sql } from 'kysely';
import type { Db } from './database.js';

// One holder at a time for a job every server schedules (several servers on one database): the lease row is taken
// when absent, expired, or already this holder's, in one statement, so of two servers asking at once one gets it.
// Returns whether `holder` holds the lease until now + ttlMs.
export async function takeLease(db: Db, name: string, holder: string, now: number, ttlMs: number): Promise<boolean> {
  const row = await db
    .insertInto('clusterLease')
    .values({ name, holder, expiresAt: now + ttlMs })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expiresAt: now + ttlMs })
        .where((eb) =>
          eb.or([eb('clusterLease.expiresAt', '<=', now), eb('clusterLease.holder', '=', sql.lit(holder))]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}
