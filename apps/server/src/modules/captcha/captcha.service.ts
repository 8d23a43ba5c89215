import { Code } from '@study-crm/shared';
import { randomInt } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Conn } from '../../db/conn.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { sha256 } from '../../lib/hash.js';
import type { CaptchaRepository } from './captcha.repository.js';
import { CAPTCHA_ALPHABET, renderCaptchaPng } from '../../lib/captcha-image.js';

const CODE_LENGTH = 4;

// The key binds the hash to this captcha, so equal answers of two captchas hash differently.
const hashAnswer = (key: string, code: string) => sha256(`${key}:${code.trim().toUpperCase()}`);

export function createCaptchaService(repo: CaptchaRepository, config: Config, clock: Clock) {
  const newCode = () =>
    config.captchaTestCode ??
    Array.from({ length: CODE_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');

  return {
    // At most CAPTCHA_IP_MAX_PER_MINUTE per address (1005): every issued captcha is a stored row. A request only
    // counts and stores: expired captchas (refused by their expiry, `verify`, `renew`) and passed windows are the
    // retention run's to drop.
    async issue(key: string, ip: string): Promise<Buffer> {
      const issued = await repo.countIssued(ip, clock.now());
      if (issued > config.captchaIpMaxPerMinute)
        throw new AppError(Code.TOO_MANY_ATTEMPTS, 'tooManyCaptchas', { minutes: 1 });
      const code = newCode();
      const now = clock.now();
      await repo.upsert(key, hashAnswer(key, code), now, now + config.captchaTtlMs);
      return renderCaptchaPng(code);
    },

    // The code in another form than the picture (WCAG 3.3.8, decision 369): a new answer for a live key, for its full
    // time again, which the picture's no longer matches, answering for `memberId`'s account only (decision 371); in
    // the caller's transaction when given. Null for a dead key.
    async renew(
      key: string,
      memberId: number | null,
      tx?: Conn,
    ): Promise<{ code: string; expiresSeconds: number } | null> {
      const code = newCode();
      const now = clock.now();
      const renewed = await repo.renew(key, hashAnswer(key, code), memberId, now, now + config.captchaTtlMs, tx);
      return renewed ? { code, expiresSeconds: Math.floor(config.captchaTtlMs / 1000) } : null;
    },

    // Throws 4002 for an unknown, used or expired key and 4001 for a wrong answer; consumes the key either way. A
    // right answer tells whose account an e-mailed code answers for (`answersFor`).
    async verify(key: string, code: string): Promise<CaptchaPass> {
      const row = await repo.take(key);
      if (!row || row.expiresAt <= clock.now()) throw new AppError(Code.CAPTCHA_EXPIRED);
      if (row.codeHash !== hashAnswer(key, code)) throw new AppError(Code.CAPTCHA_ERROR);
      return { memberId: row.memberId };
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;

// A solved captcha: a picture's answers for anyone; an e-mailed code (decision 371) for the member it was sent to.
export type CaptchaPass = { memberId: number | null };

// Whether a solved captcha may answer for this account (undefined: none, or no account at all, as feedback): a
// wrong one is refused as a wrong code (4001), whatever the account, so it tells nothing of the account.
export function answersFor(pass: CaptchaPass, memberId: number | undefined): boolean {
  return pass.memberId === null || pass.memberId === memberId;
}
