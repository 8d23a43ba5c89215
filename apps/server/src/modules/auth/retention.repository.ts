import type { Db } from '../../db/database.js';
import { purgeWindows } from '../../db/sql-helpers.js';
import { SIGN_IN_COUNTER_PREFIX, SIGN_IN_TICKET } from './auth.repository.js';

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

// On every retention run: the sign-in throttle's windows that have passed (`windowMs`, the one the sign-in counts
// in), one row per network address ever refused otherwise. A window still counting is never dropped: one begun
// `windowMs` or more ago starts again at its next attempt, and only those begun before that go. With them the used
// sign-in tickets whose window has passed: those tickets have run out, and are refused as such.
export async function purgePassedSignInWindows(db: Db, now: number, windowMs: number): Promise<void> {
  await purgeWindows(db, SIGN_IN_COUNTER_PREFIX, now - windowMs);
  await purgeWindows(db, SIGN_IN_TICKET.prefix, now - SIGN_IN_TICKET.windowMs);
}
