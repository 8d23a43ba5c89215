import type { Db } from '../../db/database.js';
import { purgeWindows } from '../../db/sql-helpers.js';
import { FEEDBACK_COUNTER } from './feedback.repository.js';

// On every retention run: the per-address submission windows that have passed, one row per network address that
// ever sent feedback otherwise. The public request only counts (decision 379's rule). A window still counting is
// never dropped: one begun an hour or more ago starts again at the next submission, and only those begun before
// that go.
export const purgePassedFeedbackWindows = (db: Db, now: number): Promise<void> =>
  purgeWindows(db, FEEDBACK_COUNTER.prefix, now - FEEDBACK_COUNTER.windowMs);
