import type { Db } from '../../db/database.js';
import { purgeWindows } from '../../db/sql-helpers.js';
import { CAPTCHA_MAIL_COUNTERS } from './verification.repository.js';

// Retention (issue 41): verification codes that expired before the cutoff go, and the last-send marks older than it
// (none when the cutoff is null: the period is 0, kept for ever). On every run, whatever the period, the counters of
// the picture captcha's codes e-mailed whose windows have passed go too (decision 374): a request counts only in its
// own window, and they would otherwise pile up, one per network address and e-mail address ever seen.
export async function purgeOldCodes(db: Db, cutoff: number | null, now: number): Promise<number> {
  for (const counter of Object.values(CAPTCHA_MAIL_COUNTERS))
    await purgeWindows(db, counter.prefix, now - counter.windowMs);
  if (cutoff === null) return 0;
  const codes = await db.deleteFrom('verificationCode').where('expiresAt', '<', cutoff).executeTakeFirst();
  await db.deleteFrom('verificationSend').where('sentAt', '<', cutoff).execute();
  return Number(codes.numDeletedRows);
}
