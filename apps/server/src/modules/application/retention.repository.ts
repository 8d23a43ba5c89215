import { APPLICATION_CLOSED_STATUSES } from '@study-crm/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// Retention (issue 41).
// The students whose applications are all closed (or removed) and unchanged since before the cutoff: the retention
// job erases them (their payments stay, pseudonymised).
export async function studentsClosedBefore(db: Db, cutoff: number): Promise<number[]> {
  const rows = await db
    .selectFrom('application')
    .select('memberId')
    .where('memberId', 'is not', null)
    .groupBy('memberId')
    .having(
      sql<number>`max(case when deleted_at is null and status not in (${sql.join(
        APPLICATION_CLOSED_STATUSES.map((s) => sql.lit(s)),
      )}) then 1 else 0 end)`,
      '=',
      0,
    )
    .having((eb) => eb.fn.max('updatedAt'), '<', cutoff)
    .orderBy('memberId')
    .execute();
  return rows.map((r) => r.memberId!);
}

// Of these members, those with any application (open, closed or removed): the closed-applications period (six years
// from the last change, decision 168) is theirs, so the inactive-students rule passes them over (decision 357).
export async function membersWithApplications(db: Db, memberIds: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < memberIds.length; i += 500) {
    const rows = await db
      .selectFrom('application')
      .select('memberId')
      .distinct()
      .where('memberId', 'in', memberIds.slice(i, i + 500))
      .execute();
    for (const r of rows) if (r.memberId !== null) out.add(r.memberId);
  }
  return out;
}

// Files uploaded for an application but never attached to one (application_id null), older than the cutoff: their
// rows go and their stored names are returned for removal from storage.
export async function removeUnattachedFiles(db: Db, cutoff: number): Promise<string[]> {
  const rows = await db
    .selectFrom('applicationFile')
    .select(['id', 'storedName'])
    .where('applicationId', 'is', null)
    .where('createdAt', '<', cutoff)
    .execute();
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .deleteFrom('applicationFile')
      .where(
        'id',
        'in',
        rows.slice(i, i + 500).map((r) => r.id),
      )
      .execute();
  }
  return rows.map((r) => r.storedName);
}
