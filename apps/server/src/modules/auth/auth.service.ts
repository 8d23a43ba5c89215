import { Code } from '@study-crm/shared';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { CaptchaService } from '../captcha/index.js';
import type { AuthRepository, LoginCandidate } from './auth.repository.js';
import { verifyPassword } from './password.js';
import type { SessionService } from './session.service.js';

export type LoginAttempt = {
  find: () => Promise<LoginCandidate | undefined>;
  password: string;
  captchaKey: string;
  captchaCode: string;
  ip: string;
  userAgent: string | null;
};

const minutesLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 60_000));

export function createAuthService(deps: {
  repo: AuthRepository;
  captcha: CaptchaService;
  sessions: SessionService;
  config: Config;
  clock: Clock;
}) {
  const { repo, captcha, sessions, config, clock } = deps;
  const ipKey = (ip: string) => `ip:${ip}`;

  async function checkAddress(ip: string, now: number) {
    const row = await repo.throttle(ipKey(ip));
    if (row && now - row.windowStart < config.loginIpWindowMs && row.count >= config.loginIpMaxAttempts) {
      throw new AppError(Code.TOO_MANY_ATTEMPTS, 'tooManyAttempts', {
        minutes: minutesLeft(row.windowStart + config.loginIpWindowMs, now),
      });
    }
  }

  async function countAddressFailure(ip: string, now: number) {
    await repo.countThrottle(ipKey(ip), now, config.loginIpWindowMs);
  }

  const locked = (until: number, now: number) =>
    new AppError(Code.ACCOUNT_LOCKED, 'accountLocked', { minutes: minutesLeft(until, now) });

  return {
    // Order: address limit, captcha, account exists, lock, password, active, administrator.
    // Status and role are told only to someone who knows the password.
    async login(attempt: LoginAttempt): Promise<{ token: string; mid: number }> {
      const now = clock.now();
      await checkAddress(attempt.ip, now);
      try {
        await captcha.verify(attempt.captchaKey, attempt.captchaCode);
      } catch (err) {
        await countAddressFailure(attempt.ip, now);
        throw err;
      }
      const member = await attempt.find();
      if (!member) {
        await countAddressFailure(attempt.ip, now);
        throw new AppError(Code.USER_NOT_EXIST);
      }
      if (member.lockedUntil && member.lockedUntil > now) throw locked(member.lockedUntil, now);
      // The attempt is counted before the password is checked, atomically: of guesses arriving at once, only the
      // first loginMaxFailures are checked at all; the rest are refused as locked.
      const { attempt: n, lockedUntil } = await repo.reserveAttempt(member.id, now);
      if (lockedUntil && lockedUntil > now) throw locked(lockedUntil, now);
      if (n > config.loginMaxFailures) throw locked(now + config.loginLockMs, now);
      if (!(await verifyPassword(member.passwordHash, attempt.password))) {
        await countAddressFailure(attempt.ip, now);
        if (n >= config.loginMaxFailures) {
          const until = now + config.loginLockMs;
          await repo.lock(member.id, until);
          throw locked(until, now);
        }
        throw new AppError(Code.UNAUTHORIZED, 'passwordIncorrect');
      }
      await repo.clearFailures(member.id);
      if (member.status !== 'active') throw new AppError(Code.ACCOUNT_INACTIVE);
      if (member.memberType !== 'staff') throw new AppError(Code.NOT_ADMIN);
      const token = await sessions.open(member.id, { ip: attempt.ip, userAgent: attempt.userAgent });
      return { token, mid: member.id };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
