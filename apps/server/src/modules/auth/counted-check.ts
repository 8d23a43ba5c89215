import { Code } from '@study-crm/shared';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthRepository } from './auth.repository.js';
import { verifyPassword } from '../member/index.js';

type Limits = Pick<Config, 'loginMaxFailures' | 'loginLockMs'>;

const minutesLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 60_000));

export const lockedError = (until: number, now: number) =>
  new AppError(Code.ACCOUNT_LOCKED, 'accountLocked', { minutes: minutesLeft(until, now) });

// One guess at a member's secret (a password, a second-factor code), counted against the account lock before it is
// checked, in one statement: of guesses arriving at once only the first loginMaxFailures are checked at all, the
// rest are refused as locked (1002); the last wrong one locks the account. `check` answers the refusal of a wrong
// guess, or null when it is right. The caller clears the count (sign-in keeps it while a code is pending).
export async function countedCheck(
  deps: { repo: Pick<AuthRepository, 'reserveAttempt' | 'lock'>; limits: Limits; now: number },
  member: { id: number; lockedUntil: number | null },
  check: () => Promise<AppError | null>,
  onWrong?: () => Promise<void>,
): Promise<void> {
  const { repo, limits, now } = deps;
  if (member.lockedUntil && member.lockedUntil > now) throw lockedError(member.lockedUntil, now);
  // An attempt past the limit locks in the same statement (a right password of a two-factor member keeps the count,
  // so the code step can pass it without a wrong guess): refused, and the lock lifts after loginLockMs.
  const { attempt: n, lockedUntil } = await repo.reserveAttempt(member.id, now, {
    maxFailures: limits.loginMaxFailures,
    lockMs: limits.loginLockMs,
  });
  if (lockedUntil && lockedUntil > now) throw lockedError(lockedUntil, now);
  if (n > limits.loginMaxFailures) throw lockedError(now + limits.loginLockMs, now);
  const refusal = await check();
  if (refusal) {
    await onWrong?.();
    if (n >= limits.loginMaxFailures) {
      const until = now + limits.loginLockMs;
      await repo.lock(member.id, until);
      throw lockedError(until, now);
    }
    throw refusal;
  }
}

// What a signed-in member re-enters before a change that weakens their sign-in (turning two-factor off): the password
// and a second-factor code, one counted attempt for both, on the same lock as sign-in (issue 38).
export type StepUp = (memberId: number, password: string, isRightCode: () => Promise<boolean>) => Promise<void>;

export function createStepUp(deps: { repo: AuthRepository; limits: Limits; clock: Clock }): StepUp {
  const { repo, limits, clock } = deps;
  return async (memberId, password, isRightCode) => {
    const member = await repo.byId(memberId);
    if (!member) throw new AppError(Code.UNAUTHORIZED);
    await countedCheck({ repo, limits, now: clock.now() }, member, async () => {
      if (!(await verifyPassword(member.passwordHash, password)))
        return new AppError(Code.BAD_REQUEST, 'passwordIncorrect');
      // The code is tried only after a right password, so a wrong password never uses up a recovery code.
      return (await isRightCode()) ? null : new AppError(Code.TWO_FACTOR_INVALID);
    });
    await repo.clearFailures(memberId);
  };
}
