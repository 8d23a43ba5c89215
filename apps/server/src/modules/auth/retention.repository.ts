import type { Db } from '../../db/database.js';

// Retention (issue 41): sessions that ended (expired or signed out) before the cutoff go, with the address and
// browser they kept.
export const purgeEndedSessions = async (db: Db, cutoff: number): Promise<number> =>
  Number(
    (
      await db
        .deleteFrom('session')
        .where((eb) => eb.or([eb('expiresAt', '<', cutoff), eb('revokedAt', '<', cutoff)]))
        .executeTakeFirst()
    ).numDeletedRows,
  );
