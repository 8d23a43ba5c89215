import { Code } from '@study-crm/shared';
import type { PasswordChangeBody } from '@study-crm/shared';
import type { AuthMember } from '../../http/context.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../auth/index.js';
import type { AccountRepository } from './account.repository.js';

export function createAccountService(repo: AccountRepository, clock: Clock) {
  return {
    // Own password change: the current password must match; other sessions end, this one stays.
    async changePassword(member: AuthMember, body: PasswordChangeBody): Promise<null> {
      if (body.newPassword === body.oldPassword) throw badRequest('newPassword', 'v.samePassword');
      const current = await repo.passwordHashOf(member.id);
      if (!(await verifyPassword(current, body.oldPassword))) throw new AppError(Code.BAD_REQUEST, 'passwordIncorrect');
      await repo.changePassword(member.id, await hashPassword(body.newPassword), member.sessionId, clock.now());
      return null;
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
