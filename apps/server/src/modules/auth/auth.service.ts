import { Code } from '@study-crm/shared';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { answersFor, type CaptchaPass, type CaptchaService } from '../captcha/index.js';
import type { AuthRepository, LoginCandidate } from './auth.repository.js';
import { countedCheck } from './counted-check.js';
import { noteAuditActor } from '../../lib/audit-scope.js';
import { verifyPassword } from '../member/index.js';
import type { SessionService } from './session.service.js';

export type LoginAttempt = {
  find: () => Promise<LoginCandidate | undefined>;
  password: string;
  captchaKey: string;
  captchaCode: string;
  ip: string;
  userAgent: string | null;
};

// What sign-in needs of the two-factor module.
export type SecondFactor = {
  isEnabled(memberId: number): Promise<boolean>;
  verify(memberId: number, code: string): Promise<boolean>;
};

export type CodeAttempt = { ticket: string; code: string; ip: string; userAgent: string | null };

// The ticket proving the password step: sealed (AES-256-GCM) so it cannot be forged or read, valid five minutes.
const TICKET_MS = 5 * 60_000;
const TICKET_PURPOSE = 'login-2fa';

const minutesLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 60_000));

export function createAuthService(deps: {
  repo: AuthRepository;
  captcha: CaptchaService;
  sessions: SessionService;
  config: Config;
  clock: Clock;
  secondFactor: SecondFactor;
  box: SecretBox;
}) {
  const { repo, captcha, sessions, config, clock, secondFactor, box } = deps;
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

  // The member id of a valid, unexpired ticket; null otherwise (tampered, foreign or old).
  function openTicket(ticket: string, now: number): number | null {
    try {
      const t = JSON.parse(box.open(ticket)) as { p?: unknown; m?: unknown; e?: unknown };
      if (t.p !== TICKET_PURPOSE || typeof t.m !== 'number' || typeof t.e !== 'number' || t.e <= now) return null;
      return t.m;
    } catch {
      return null;
    }
  }

  const limited = (now: number) => ({ repo, limits: config, now });

  return {
    // Order: address limit, captcha, account exists, lock, password, active, administrator.
    // Status and role are told only to someone who knows the password.
    async login(attempt: LoginAttempt): Promise<{ token: string; mid: number }> {
      const now = clock.now();
      await checkAddress(attempt.ip, now);
      let pass: CaptchaPass;
      try {
        pass = await captcha.verify(attempt.captchaKey, attempt.captchaCode);
      } catch (err) {
        await countAddressFailure(attempt.ip, now);
        throw err;
      }
      const member = await attempt.find();
      // An e-mailed code answers for its own account only: any other (or none) is told the code is wrong.
      if (!answersFor(pass, member?.id)) {
        await countAddressFailure(attempt.ip, now);
        throw new AppError(Code.CAPTCHA_ERROR);
      }
      // The audit entry names the account signed in to, whether the sign-in succeeds or not.
      if (member) noteAuditActor(member.id);
      if (!member) {
        await countAddressFailure(attempt.ip, now);
        throw new AppError(Code.USER_NOT_EXIST);
      }
      // The attempt is counted before the password is checked, atomically: of guesses arriving at once, only the
      // first loginMaxFailures are checked at all; the rest are refused as locked.
      await countedCheck(
        limited(now),
        member,
        async () =>
          (await verifyPassword(member.passwordHash, attempt.password))
            ? null
            : new AppError(Code.UNAUTHORIZED, 'passwordIncorrect'),
        () => countAddressFailure(attempt.ip, now),
      );
      if (member.status !== 'active') throw new AppError(Code.ACCOUNT_INACTIVE);
      if (member.memberType !== 'staff') throw new AppError(Code.NOT_ADMIN);
      // With a second factor the failure count is kept until the code is right: a password followed by wrong codes
      // counts toward the same lock, and a right password does not reset the count between code guesses.
      if (await secondFactor.isEnabled(member.id)) {
        const ticket = box.seal(JSON.stringify({ p: TICKET_PURPOSE, m: member.id, e: now + TICKET_MS }));
        throw new AppError(Code.TWO_FACTOR_REQUIRED, undefined, {}, { ticket });
      }
      await repo.clearFailures(member.id);
      const token = await sessions.open(member.id, { ip: attempt.ip, userAgent: attempt.userAgent });
      return { token, mid: member.id };
    },

    // The second step: the ticket of the password step and a current code or a recovery code. Each try counts
    // against the account lock atomically before the code is checked, exactly like a password.
    async loginWithCode(attempt: CodeAttempt): Promise<{ token: string; mid: number }> {
      const now = clock.now();
      await checkAddress(attempt.ip, now);
      const memberId = openTicket(attempt.ticket, now);
      const member = memberId === null ? undefined : await repo.byId(memberId);
      if (!member) throw new AppError(Code.TWO_FACTOR_EXPIRED);
      noteAuditActor(member.id);
      await countedCheck(
        limited(now),
        member,
        async () =>
          (await secondFactor.verify(member.id, attempt.code)) ? null : new AppError(Code.TWO_FACTOR_INVALID),
        () => countAddressFailure(attempt.ip, now),
      );
      await repo.clearFailures(member.id);
      if (member.status !== 'active') throw new AppError(Code.ACCOUNT_INACTIVE);
      if (member.memberType !== 'staff') throw new AppError(Code.NOT_ADMIN);
      const token = await sessions.open(member.id, { ip: attempt.ip, userAgent: attempt.userAgent });
      return { token, mid: member.id };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
