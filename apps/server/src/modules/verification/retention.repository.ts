import type { Db } from '../../db/database.js';

// Retention (issue 41): verification codes that expired before the cutoff go, and the last-send marks older than it.
export async function purgeOldCodes(db: Db, cutoff: number): Promise<number> {
  const codes = await db.deleteFrom('verificationCode').where('expiresAt', '<', cutoff).executeTakeFirst();
  await db.deleteFrom('verificationSend').where('sentAt', '<', cutoff).execute();
  return Number(codes.numDeletedRows);
}
