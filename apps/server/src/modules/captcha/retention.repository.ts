import type { Db } from '../../db/database.js';
import { purgeWindows } from '../../db/sql-helpers.js';
import type { Clock } from '../../lib/clock.js';
import { schedulePeriodic, type PeriodicHost } from '../../lib/periodic.js';
import { CAPTCHA_ISSUE_COUNTER } from './captcha.repository.js';

// Captchas whose time is over and the per-address counters whose minute has passed. A picture request only counts and
// stores; an expired captcha is refused by its expiry whether or not it is still here, and a passed window starts
// again at its next hit, so neither counts while it waits.
export async function purgeSpentCaptchas(db: Db, now: number): Promise<void> {
  await db.deleteFrom('captcha').where('expiresAt', '<=', now).execute();
  await purgeWindows(db, CAPTCHA_ISSUE_COUNTER.prefix, now - CAPTCHA_ISSUE_COUNTER.windowMs);
}

// Every ten minutes on each server (two indexed deletes; running twice drops nothing more, so no lease): what public
// requests leave behind stays bounded by minutes of them, not by a day as the daily retention run would leave it.
export const CAPTCHA_SWEEP_EVERY_MS = 10 * 60_000;

export function scheduleCaptchaSweep(app: PeriodicHost, db: Db, clock: Clock): void {
  schedulePeriodic(app, {
    run: () => purgeSpentCaptchas(db, clock.now()),
    everyMs: CAPTCHA_SWEEP_EVERY_MS,
    firstAfterMs: CAPTCHA_SWEEP_EVERY_MS,
    failed: 'captcha sweep failed',
  });
}
