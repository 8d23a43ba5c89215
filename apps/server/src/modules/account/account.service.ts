import { Code } from '@study-crm/shared';
import type { PasswordChangeBody } from '@study-crm/shared';
import type { AuthMember } from '../../http/context.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword, verifyPassword, type SessionService } from '../auth/index.js';
import type { AccountRepository } from './account.repository.js';

type Limits = { loginMaxFailures: number; loginLockMs: number };

export function createAccountService(
  repo: AccountRepository,
  sessions: Pick<SessionService, 'closeAllOf'>,
  clock: Clock,
  limits: Limits,
) {
  // The member's current password, re-entered. Attempts are counted before the check, atomically, like sign-in:
  // after loginMaxFailures within LOGIN_LOCK_MINUTES, 1005.
  async function confirmPassword(memberId: number, password: string): Promise<void> {
    const now = clock.now();
    const { attempt, since } = await repo.reserveAttempt(memberId, now, limits.loginLockMs);
    const minutes = Math.max(1, Math.ceil((since + limits.loginLockMs - now) / 60_000));
    if (attempt > limits.loginMaxFailures)
      throw new AppError(Code.TOO_MANY_ATTEMPTS, 'tooManyPasswordAttempts', { minutes });
    const current = await repo.passwordHashOf(memberId);
    if (!(await verifyPassword(current, password))) {
      if (attempt >= limits.loginMaxFailures)
        throw new AppError(Code.TOO_MANY_ATTEMPTS, 'tooManyPasswordAttempts', { minutes });
      throw new AppError(Code.BAD_REQUEST, 'passwordIncorrect');
    }
    await repo.clearAttempts(memberId);
  }

  return {
    confirmPassword,

    // Own password change: the current password must match; other sessions end, this one stays.
    async changePassword(member: AuthMember, body: PasswordChangeBody): Promise<null> {
      if (body.newPassword === body.oldPassword) throw badRequest('newPassword', 'v.samePassword');
      await confirmPassword(member.id, body.oldPassword);
      const passwordHash = await hashPassword(body.newPassword);
      await repo.changePassword(member.id, passwordHash, clock.now(), (conn) =>
        sessions.closeAllOf(member.id, { except: member.sessionId, conn }),
      );
      return null;
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
