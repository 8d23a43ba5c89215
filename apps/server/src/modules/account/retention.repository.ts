import type { Db } from '../../db/database.js';
import { purgeWindows } from '../../db/sql-helpers.js';
import { PASSWORD_COUNTER_PREFIX } from './account.repository.js';

// On every retention run: the windows of wrong current passwords that have passed (`windowMs`, the one the password
// change counts in), one row per member who ever typed a wrong one otherwise. A window still counting is never
// dropped: one begun `windowMs` or more ago starts again at the next attempt, and only those begun before that go.
export const purgePassedPasswordWindows = (db: Db, now: number, windowMs: number): Promise<void> =>
  purgeWindows(db, PASSWORD_COUNTER_PREFIX, now - windowMs);
