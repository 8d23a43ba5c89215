import type { Db } from '../../db/database.js';

// Retention (issue 41): student accounts not changed and not used (no session seen) since before the cutoff, not
// yet removed: the retention job erases them.
export async function studentsInactiveBefore(db: Db, cutoff: number): Promise<number[]> {
  const rows = await db
    .selectFrom('member as m')
    .select('m.id')
    .where('m.memberType', '=', 'student')
    .where('m.updatedAt', '<', cutoff)
    .where('m.createdAt', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('session as s')
            .select('s.id')
            .whereRef('s.memberId', '=', 'm.id')
            .where('s.lastSeenAt', '>=', cutoff),
        ),
      ),
    )
    .orderBy('m.id')
    .execute();
  return rows.map((r) => r.id);
}
