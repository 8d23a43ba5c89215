import type { Db } from '../../db/database.js';
import { purgeWindows } from '../../db/sql-helpers.js';
import { VERIFICATION_COUNTERS } from './verification.repository.js';

// Retention (issue 41): verification codes that expired before the cutoff go, and the last-send marks older than it
// (none when the cutoff is null: the period is 0, kept for ever). On every run, whatever the period, the module's
// counters whose windows have passed go too (decision 374): reset requests per network address, reset and binding
// tries, the picture captcha's codes e-mailed. A request counts only in its own window and never purges, and they
// would otherwise pile up, one per network address, e-mail address and member seen. Each counter goes by the window
// it counts in, so none still counting is dropped.
export async function purgeOldCodes(db: Db, cutoff: number | null, now: number): Promise<number> {
  for (const counter of Object.values(VERIFICATION_COUNTERS))
    await purgeWindows(db, counter.prefix, now - counter.windowMs);
  if (cutoff === null) return 0;
  const codes = await db.deleteFrom('verificationCode').where('expiresAt', '<', cutoff).executeTakeFirst();
  await db.deleteFrom('verificationSend').where('sentAt', '<', cutoff).execute();
  return Number(codes.numDeletedRows);
}
