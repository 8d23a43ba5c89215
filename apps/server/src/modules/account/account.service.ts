import { Code } from '@study-crm/shared';
import type { PasswordChangeBody } from '@study-crm/shared';
import type { AuthMember } from '../../http/context.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionService } from '../auth/index.js';
import { verifyPassword, type SetPassword } from '../member/index.js';
import type { AccountRepository } from './account.repository.js';

type Limits = { loginMaxFailures: number; loginLockMs: number };

// The member's password, read and set by the member module (`MemberCredentials`).
export type OwnPassword = {
  passwordHashOf(memberId: number): Promise<string | null>;
  setPassword: SetPassword;
};

export function createAccountService(
  repo: AccountRepository,
  password: OwnPassword,
  sessions: Pick<SessionService, 'closeAllOf'>,
  clock: Clock,
  limits: Limits,
) {
  // The member's current password, re-entered. Attempts are counted before the check, atomically, like sign-in:
  // after loginMaxFailures within LOGIN_LOCK_MINUTES, 1005.
  async function confirmPassword(memberId: number, given: string): Promise<void> {
    const now = clock.now();
    const { attempt, since } = await repo.reserveAttempt(memberId, now, limits.loginLockMs);
    const minutes = Math.max(1, Math.ceil((since + limits.loginLockMs - now) / 60_000));
    if (attempt > limits.loginMaxFailures)
      throw new AppError(Code.TOO_MANY_ATTEMPTS, 'tooManyPasswordAttempts', { minutes });
    const current = await password.passwordHashOf(memberId);
    if (!(await verifyPassword(current, given))) {
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
      const write = await password.setPassword(body.newPassword, { clearLock: false });
      // The new password and the other sessions ended, in one transaction.
      await repo.transaction(async (tx) => {
        await write(member.id, tx);
        await sessions.closeAllOf(member.id, { except: member.sessionId, tx });
      });
      return null;
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
