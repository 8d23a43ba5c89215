import { randomBytes } from 'node:crypto';
import { Code } from '@study-crm/shared';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { answersFor, type CaptchaPass, type CaptchaService } from '../captcha/index.js';
import { SIGN_IN_COUNTER_PREFIX, SIGN_IN_TICKET, type AuthRepository, type LoginCandidate } from './auth.repository.js';
import { countedCheck } from './counted-check.js';
import { noteAuditActor } from '../../lib/audit-scope.js';
import { verifyPassword } from '../member/index.js';
import type { SessionService } from './session.service.js';
import type { Tx } from '../../db/transaction.js';

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
  // Checks a code and uses it up, on `tx` (the exchange's transaction).
  verify(memberId: number, code: string, tx: Tx): Promise<boolean>;
};

export type CodeAttempt = { ticket: string; code: string; ip: string; userAgent: string | null };

// The ticket proving the password step: sealed (AES-256-GCM) so it cannot be forged or read, valid five minutes, and
// exchanged for a session once (its nonce, SIGN_IN_TICKET).
const TICKET_MS = SIGN_IN_TICKET.windowMs;
const TICKET_PURPOSE = 'login-2fa';

const minutesLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 60_000));

// Inside an exchange's transaction: a wrong code, and a right one the member's status or kind refuses (changed since
// the password step). Thrown so that the transaction rolls back (the ticket and the code are given back, and no
// entry of the call is committed as a success), then told to the counted check.
const WRONG_CODE = Symbol('wrong code');
const REFUSED = Symbol('right code, refused');

// Sign-in's refusal of a member who knows the password: not active (1001), not staff (6400); null when neither.
const standingRefusal = (member: LoginCandidate): AppError | null =>
  member.status !== 'active'
    ? new AppError(Code.ACCOUNT_INACTIVE)
    : member.memberType !== 'staff'
      ? new AppError(Code.NOT_ADMIN)
      : null;

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
  const ipKey = (ip: string) => `${SIGN_IN_COUNTER_PREFIX}${ip}`;

  // The address limit (LOGIN_IP_MAX_ATTEMPTS in LOGIN_IP_WINDOW_MINUTES): the attempt is counted before anything is
  // checked, in one statement, so of attempts arriving at once only the first loginIpMaxAttempts go on (a password
  // sprayed over many accounts); the rest are refused (1005). `attempt` calls `failed` where it fails (a wrong
  // captcha, password or code, an unknown account): that keeps the count. Any other outcome (a sign-in, a ticket, a
  // refusal that checked nothing: locked, inactive, the limit itself) takes it back, so that the window holds the
  // failures and the attempts still running, and sign-ins one after another never use up the address's budget.
  async function fromAddress<T>(ip: string, now: number, attempt: (failed: () => void) => Promise<T>): Promise<T> {
    const key = ipKey(ip);
    const { count, since } = await repo.countThrottle(key, now, config.loginIpWindowMs);
    let kept = false;
    try {
      if (count > config.loginIpMaxAttempts) {
        throw new AppError(Code.TOO_MANY_ATTEMPTS, 'tooManyAttempts', {
          minutes: minutesLeft(since + config.loginIpWindowMs, now),
        });
      }
      return await attempt(() => {
        kept = true;
      });
    } finally {
      if (!kept) await repo.uncountThrottle(key, since);
    }
  }

  // The member and nonce of a valid, unexpired ticket; null otherwise (tampered, foreign, old or without a nonce).
  function openTicket(ticket: string, now: number): { memberId: number; nonce: string } | null {
    try {
      const t = JSON.parse(box.open(ticket)) as { p?: unknown; m?: unknown; e?: unknown; n?: unknown };
      if (t.p !== TICKET_PURPOSE || typeof t.m !== 'number' || typeof t.e !== 'number' || t.e <= now) return null;
      if (typeof t.n !== 'string' || !t.n) return null;
      return { memberId: t.m, nonce: t.n };
    } catch {
      return null;
    }
  }

  const limited = (now: number) => ({ repo, limits: config, now });

  return {
    // Order: address limit, captcha, account exists, lock, password, active, administrator.
    // Status and role are told only to someone who knows the password.
    login(attempt: LoginAttempt): Promise<{ token: string; mid: number }> {
      const now = clock.now();
      return fromAddress(attempt.ip, now, async (failed) => {
        let pass: CaptchaPass;
        try {
          pass = await captcha.verify(attempt.captchaKey, attempt.captchaCode);
        } catch (err) {
          failed();
          throw err;
        }
        const member = await attempt.find();
        // An e-mailed code answers for its own account only: any other (or none) is told the code is wrong.
        if (!answersFor(pass, member?.id)) {
          failed();
          throw new AppError(Code.CAPTCHA_ERROR);
        }
        // The audit entry names the account signed in to, whether the sign-in succeeds or not.
        if (member) noteAuditActor(member.id);
        if (!member) {
          failed();
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
          async () => failed(),
        );
        const refusal = standingRefusal(member);
        if (refusal) throw refusal;
        // With a second factor the failure count is kept until the code is right: a password followed by wrong codes
        // counts toward the same lock, and a right password does not reset the count between code guesses.
        if (await secondFactor.isEnabled(member.id)) {
          const nonce = randomBytes(16).toString('base64url');
          const ticket = box.seal(JSON.stringify({ p: TICKET_PURPOSE, m: member.id, e: now + TICKET_MS, n: nonce }));
          throw new AppError(Code.TWO_FACTOR_REQUIRED, undefined, {}, { ticket });
        }
        await repo.clearFailures(member.id);
        const token = await sessions.open(member.id, { ip: attempt.ip, userAgent: attempt.userAgent });
        return { token, mid: member.id };
      });
    },

    // The second step: the ticket of the password step and a current code or a recovery code. Each try counts
    // against the account lock atomically before the code is checked, exactly like a password. The ticket is then
    // taken, the code checked and used up and the session opened in one transaction: a ticket opens one session (an
    // exchange after it, or racing it, is refused as an expired ticket, 1013), and a wrong code, or an exchange
    // refused, gives the ticket and the code back.
    loginWithCode(attempt: CodeAttempt): Promise<{ token: string; mid: number }> {
      const now = clock.now();
      return fromAddress(attempt.ip, now, async (failed) => {
        const ticket = openTicket(attempt.ticket, now);
        // A ticket that has opened a session is refused before the try counts against the account lock (replaying it
        // cannot lock the member out); one taken meanwhile is refused in the transaction below.
        const member =
          ticket === null || (await repo.ticketTaken(ticket.nonce)) ? undefined : await repo.byId(ticket.memberId);
        if (!ticket || !member) throw new AppError(Code.TWO_FACTOR_EXPIRED);
        noteAuditActor(member.id);
        const refusal = standingRefusal(member);
        const opened: { token?: string } = {};
        await countedCheck(
          limited(now),
          member,
          async () => {
            try {
              opened.token = await repo.transaction(async (tx) => {
                await repo.holdMember(tx, member.id);
                if (!(await repo.takeTicket(tx, ticket.nonce, now))) throw new AppError(Code.TWO_FACTOR_EXPIRED);
                if (!(await secondFactor.verify(member.id, attempt.code, tx))) throw WRONG_CODE;
                if (refusal) throw REFUSED;
                return sessions.open(member.id, { ip: attempt.ip, userAgent: attempt.userAgent }, tx);
              });
              return null;
            } catch (err) {
              if (err === WRONG_CODE) return new AppError(Code.TWO_FACTOR_INVALID);
              if (err === REFUSED) return null;
              throw err;
            }
          },
          async () => failed(),
        );
        // The code was right: the count starts afresh; the member's status or kind may still refuse.
        await repo.clearFailures(member.id);
        if (refusal || opened.token === undefined) throw refusal ?? new AppError(Code.TWO_FACTOR_EXPIRED);
        return { token: opened.token, mid: member.id };
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
