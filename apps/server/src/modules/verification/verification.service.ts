import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  Code,
  VERIFY_MAX_TRIES,
  VERIFY_RESEND_SECONDS,
  VERIFY_TTL_SECONDS,
  normalizeAreaCode,
  normalizeMobile,
  type BindEmailBody,
  type BindMobileBody,
  type CaptchaByEmailBody,
  type CodeSent,
  type EmailCodeRequestBody,
  type Locale,
  type MessageKey,
  type MobileCodeRequestBody,
  type ReBindEmailBody,
  type ReBindMobileBody,
  type ResetCodeRequestBody,
  type ResetPwdByEmailBody,
} from '@study-crm/shared';
import type { Tx } from '../../db/transaction.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionService } from '../auth/index.js';
import type { Contact, ContactChange, Phone, SetPassword } from '../member/index.js';
import { answersFor, type CaptchaService } from '../captcha/index.js';
import type { SystemMail } from '../mail/index.js';
import { codeText } from './code-text.js';
import {
  VERIFICATION_COUNTERS,
  type Channel,
  type CodeKey,
  type VerificationRepository,
} from './verification.repository.js';

// The SMS module's front door offers this (`modules/sms/index.ts`): a text to an E.164 number, queued in the caller's
// transaction; whether a gateway is configured (without one a code would never arrive: 7204, not a pretend send);
// whether a number can receive a text.
export type TextQueue = {
  queueText(msg: { to: string; content: string; purpose: string }, tx?: Tx): Promise<unknown>;
  isConfigured: boolean;
  canSendTo(e164: string): boolean;
};
export const smsUnavailable: TextQueue = {
  queueText: () => Promise.reject(new AppError(Code.SMS_UNAVAILABLE)),
  isConfigured: false,
  canSendTo: () => false,
};

// The member's contact, bindings and password: the member module's (`MemberCredentials`, handed over by
// modules/index.ts). `setEmail`/`setMobile` change a value only while it is still the one expected.
export type ContactAccounts = {
  contactOf(memberId: number): Promise<Contact | undefined>;
  emailTaken(email: string, exceptId: number): Promise<boolean>;
  mobileTaken(areaCode: string, mobile: string, exceptId: number): Promise<boolean>;
  activeMemberByEmail(email: string): Promise<{ id: number; memberType: string } | undefined>;
  setEmail(
    tx: Tx,
    memberId: number,
    expected: string | null,
    email: string | null,
    now: number,
  ): Promise<ContactChange>;
  setMobile(tx: Tx, memberId: number, expected: Phone | null, next: Phone | null, now: number): Promise<ContactChange>;
  setPassword: SetPassword;
};
const RESEND_MS = VERIFY_RESEND_SECONDS * 1000;
const TTL_MS = VERIFY_TTL_SECONDS * 1000;
const SENT: CodeSent = { resendSeconds: VERIFY_RESEND_SECONDS, expiresSeconds: VERIFY_TTL_SECONDS };
// Wrong forgotten-password codes one address may try across all its codes in a day (decision 341): each code allows
// VERIFY_MAX_TRIES and a new one comes every minute, which alone would allow some 7,200 guesses a day.
const RESET_TRIES_MAX = 10;
// The counters' windows (verification.repository.ts): each request counts only in its own, and never purges (the
// retention run drops those that have passed, decision 374).
const { resetTries, bindTries, captchaMailsTo } = VERIFICATION_COUNTERS;
// The same cap on binding codes, per member, channel and purpose across codes (decision 355): the code a rebind or an
// unbind sends to the current address must not be guessed at a new code a minute from a stolen session.
const BIND_TRIES_MAX = 10;
// The picture captcha's codes e-mailed to one address in a day (decision 369): enough for a member who signs in
// several times a day, a cap on how many a stranger can make the address receive.
const CAPTCHA_MAILS_MAX = 20;

const e164 = (p: Phone) => `+${p.areaCode}${p.mobile}`;
const lower = (email: string) => email.trim().toLowerCase();
function phoneOf(areaCodeIn: string | null | undefined, mobileIn: string | null | undefined): Phone {
  const areaCode = normalizeAreaCode(areaCodeIn);
  if (!areaCode) throw badRequest('areaCode', 'v.required');
  if (!mobileIn) throw badRequest('mobile', 'v.required');
  return { areaCode, mobile: normalizeMobile(areaCode, mobileIn) };
}
const boundPhone = (c: Contact): Phone | null =>
  c.mobile && c.areaCode ? { areaCode: c.areaCode, mobile: c.mobile } : null;
// A binding code checked against its key, to be used up with the change it allows.
type Checked = { id: number; key: CodeKey };

export function createVerificationService(deps: {
  repo: VerificationRepository;
  accounts: ContactAccounts;
  // A password reset ends every session of the member.
  sessions: Pick<SessionService, 'closeAllOf'>;
  mail: SystemMail;
  sms: TextQueue;
  captcha: Pick<CaptchaService, 'verify' | 'renew'>;
  clock: Clock;
  // HMAC key for code hashes (derived from the secret key in configuration).
  codeKey: Buffer;
  // Forgotten-password codes one network address may request per hour.
  resetPerHour: number;
}) {
  const { repo, accounts, sessions, mail, sms, captcha, clock, codeKey } = deps;
  const hashCode = (salt: string, code: string) => createHmac('sha256', codeKey).update(`${salt}:${code}`).digest();
  // The address as its reset tries are counted: a keyed hash, so the counter holds no address.
  const triesKey = (email: string) =>
    createHmac('sha256', codeKey).update(`resetTry:${email}`).digest('hex').slice(0, 32);
  // The refusal once a counter is used up: 1005, with the hours until its window passes.
  const usedUp = (message: MessageKey, since: number, windowMs: number, now: number) =>
    new AppError(Code.TOO_MANY_ATTEMPTS, message, {
      hours: Math.max(1, Math.ceil((since + windowMs - now) / 3_600_000)),
    });
  const triesUsedUp = (since: number, now: number) => usedUp('tooManyResetCodes', since, resetTries.windowMs, now);

  // A member's binding tries are counted per channel and purpose (`rebindOld` is the code sent to the bound address).
  const bindTriesKey = (key: Pick<CodeKey, 'memberId' | 'channel' | 'purpose'>) =>
    `${key.memberId}:${key.channel}:${key.purpose}`;
  const bindTriesUsedUp = (since: number, now: number) => usedUp('tooManyBindCodes', since, bindTries.windowMs, now);
  // No new binding code is sent for a purpose whose tries are used up, until its window passes.
  async function refuseUsedUpBinding(key: Pick<CodeKey, 'memberId' | 'channel' | 'purpose'>): Promise<void> {
    const now = clock.now();
    const tries = await repo.bindTries(bindTriesKey(key), now);
    if (tries && tries.count >= BIND_TRIES_MAX) throw bindTriesUsedUp(tries.windowStart, now);
  }

  async function contactOf(memberId: number): Promise<Contact> {
    const c = await accounts.contactOf(memberId);
    if (!c) throw new AppError(Code.UNAUTHORIZED);
    return c;
  }

  // A new code for the key: the resend slot is claimed, the code stored (hashed) and its message queued in one
  // transaction, so a refused send (no mail server, no SMS) leaves no slot taken and no code behind.
  async function issue(key: CodeKey, deliver: (tx: Tx, code: string) => Promise<unknown>): Promise<CodeSent> {
    const now = clock.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const salt = randomBytes(16).toString('hex');
    await repo.transaction(async (tx) => {
      if (!(await repo.claimSendSlot(tx, `${key.channel}:${key.target}`, key.purpose, now, RESEND_MS)))
        throw new AppError(Code.RESEND_TOO_SOON);
      await repo.insertCode(
        tx,
        key,
        { codeHash: hashCode(salt, code).toString('hex'), salt, expiresAt: now + TTL_MS },
        now,
      );
      await deliver(tx, code);
    });
    mail.nudge();
    return SENT;
  }

  const emailCode = (key: CodeKey, locale: Locale, subject: 'bindSubject' | 'resetSubject') =>
    issue(key, (tx, code) =>
      mail.queue(tx, {
        to: key.target,
        subject: codeText(subject, locale),
        text: codeText('mailBody', locale, { code, minutes: VERIFY_TTL_SECONDS / 60 }),
        confidential: true,
      }),
    );
  const mobileCode = (key: CodeKey, locale: Locale) =>
    issue(key, (tx, code) =>
      sms.queueText(
        {
          to: key.target,
          content: codeText('smsBody', locale, { code, minutes: VERIFY_TTL_SECONDS / 60 }),
          purpose: `verification:${key.purpose}`,
        },
        tx,
      ),
    );

  // Checks a code without using it up: every try counts (at most VERIFY_MAX_TRIES, then the code is locked).
  // Answers the code's id, to consume in the transaction of the change it allows.
  async function check(key: CodeKey, code: string): Promise<number> {
    const row = await repo.latestCode(key);
    const now = clock.now();
    if (!row || row.expiresAt <= now) throw new AppError(Code.VERIFY_CODE_EXPIRED);
    if (!(await repo.countTry(row.id, VERIFY_MAX_TRIES, now))) throw new AppError(Code.VERIFY_CODE_EXPIRED);
    if (!timingSafeEqual(hashCode(row.salt, code), Buffer.from(row.codeHash, 'hex')))
      throw new AppError(Code.VERIFY_CODE_MISMATCH);
    return row.id;
  }
  // A binding, rebinding or unbinding code: every try, right or wrong, counts against the member and purpose across
  // their codes before the code is read (one upsert: racing tries each get their own number); past BIND_TRIES_MAX in
  // the window even a fresh code's right value is refused (1005).
  async function checkBinding(key: CodeKey, code: string): Promise<Checked> {
    const now = clock.now();
    const { count, since } = await repo.reserveBindTry(bindTriesKey(key), now);
    if (count > BIND_TRIES_MAX) throw bindTriesUsedUp(since, now);
    return { id: await check(key, code), key };
  }
  // Uses the checked codes up and applies the change in one transaction: of two parallel uses one passes.
  async function useCodes<T>(ids: number[], change: (tx: Tx) => Promise<T>): Promise<T> {
    return repo.transaction(async (tx) => {
      for (const id of ids)
        if (!(await repo.consume(tx, id, clock.now()))) throw new AppError(Code.VERIFY_CODE_EXPIRED);
      return change(tx);
    });
  }
  // The same for binding codes; the change made, their purposes' tries are forgotten in its transaction.
  const useBindingCodes = <T>(checked: Checked[], change: (tx: Tx) => Promise<T>) =>
    useCodes(
      checked.map((c) => c.id),
      async (tx) => {
        const done = await change(tx);
        for (const c of checked) await repo.clearBindTries(tx, bindTriesKey(c.key));
        return done;
      },
    );

  async function checkEmailFree(email: string, memberId: number) {
    if (await accounts.emailTaken(email, memberId)) throw new AppError(Code.EMAIL_EXISTS);
  }
  async function checkMobileFree(p: Phone, memberId: number) {
    if (await accounts.mobileTaken(p.areaCode, p.mobile, memberId)) throw new AppError(Code.MOBILE_EXISTS);
  }
  const applied = (outcome: 'changed' | 'stale' | 'taken', failed: Code, taken: Code): null => {
    if (outcome === 'taken') throw new AppError(taken);
    if (outcome === 'stale') throw new AppError(failed);
    return null;
  };
  // Uses the checked codes and moves the member's address from `from` to `to` (null: none) in one transaction: an
  // address no longer `from` is `failed`, one another member took meanwhile EMAIL_EXISTS (MOBILE_EXISTS).
  const saveEmail = (checked: Checked[], memberId: number, from: string | null, to: string | null, failed: Code) =>
    useBindingCodes(checked, async (tx) =>
      applied(await accounts.setEmail(tx, memberId, from, to, clock.now()), failed, Code.EMAIL_EXISTS),
    );
  const saveMobile = (checked: Checked[], memberId: number, from: Phone | null, to: Phone | null, failed: Code) =>
    useBindingCodes(checked, async (tx) =>
      applied(await accounts.setMobile(tx, memberId, from, to, clock.now()), failed, Code.MOBILE_EXISTS),
    );

  return {
    // A code by e-mail: to the new address (bind, rebindNew) or to the bound one (rebindOld, unbind).
    async requestEmailCode(memberId: number, body: EmailCodeRequestBody, locale: Locale): Promise<CodeSent> {
      const c = await contactOf(memberId);
      let target: string;
      if (body.purpose === 'bind' || body.purpose === 'rebindNew') {
        if (body.purpose === 'bind' && c.email) throw new AppError(Code.ALREADY_BOUND);
        if (body.purpose === 'rebindNew' && !c.email) throw new AppError(Code.NOT_BOUND);
        if (!body.email) throw badRequest('email', 'v.required');
        target = lower(body.email);
        if (target === c.email) throw new AppError(Code.EMAIL_EXISTS);
        await checkEmailFree(target, memberId);
      } else {
        if (!c.email) throw new AppError(Code.NOT_BOUND);
        target = c.email;
      }
      await refuseUsedUpBinding({ memberId, channel: 'email', purpose: body.purpose });
      return emailCode({ memberId, channel: 'email', purpose: body.purpose, target }, locale, 'bindSubject');
    },

    // A code by SMS, the same way; the new mobile is checked for its region and uniqueness first.
    async requestMobileCode(memberId: number, body: MobileCodeRequestBody, locale: Locale): Promise<CodeSent> {
      const c = await contactOf(memberId);
      const bound = boundPhone(c);
      let target: Phone;
      if (body.purpose === 'bind' || body.purpose === 'rebindNew') {
        if (body.purpose === 'bind' && bound) throw new AppError(Code.ALREADY_BOUND);
        if (body.purpose === 'rebindNew' && !bound) throw new AppError(Code.NOT_BOUND);
        target = phoneOf(body.areaCode, body.mobile);
        // A number no text can reach (a fixed line, an unassigned range) is refused before any code is made.
        if (sms.isConfigured && !sms.canSendTo(e164(target))) throw badRequest('mobile', 'v.mobile');
        if (bound && e164(bound) === e164(target)) throw new AppError(Code.MOBILE_EXISTS);
        await checkMobileFree(target, memberId);
      } else {
        if (!bound) throw new AppError(Code.NOT_BOUND);
        target = bound;
      }
      if (!sms.isConfigured) throw new AppError(Code.SMS_UNAVAILABLE);
      await refuseUsedUpBinding({ memberId, channel: 'mobile', purpose: body.purpose });
      return mobileCode({ memberId, channel: 'mobile', purpose: body.purpose, target: e164(target) }, locale);
    },

    async bindEmail(memberId: number, body: BindEmailBody): Promise<null> {
      const c = await contactOf(memberId);
      if (c.email) throw new AppError(Code.ALREADY_BOUND);
      const email = lower(body.email);
      await checkEmailFree(email, memberId);
      const code = await checkBinding({ memberId, channel: 'email', purpose: 'bind', target: email }, body.code);
      return saveEmail([code], memberId, null, email, Code.BIND_FAILED);
    },

    // Replace: the code of the current address proves the member holds it, the new one that they hold the new.
    async reBindEmail(memberId: number, body: ReBindEmailBody): Promise<null> {
      const c = await contactOf(memberId);
      if (!c.email) throw new AppError(Code.NOT_BOUND);
      const current = c.email;
      const email = lower(body.email);
      if (email === current) throw new AppError(Code.EMAIL_EXISTS);
      await checkEmailFree(email, memberId);
      const oldCode = await checkBinding(
        { memberId, channel: 'email', purpose: 'rebindOld', target: current },
        body.oldCode,
      );
      const newCode = await checkBinding(
        { memberId, channel: 'email', purpose: 'rebindNew', target: email },
        body.code,
      );
      return saveEmail([oldCode, newCode], memberId, current, email, Code.REBIND_FAILED);
    },

    // Unbind, unless it is the member's only way to sign in.
    async unbindEmail(memberId: number, code: string): Promise<null> {
      const c = await contactOf(memberId);
      if (!c.email) throw new AppError(Code.NOT_BOUND);
      const current = c.email;
      if (!c.loginName && !boundPhone(c)) throw new AppError(Code.LAST_SIGN_IN_WAY);
      const checked = await checkBinding({ memberId, channel: 'email', purpose: 'unbind', target: current }, code);
      return saveEmail([checked], memberId, current, null, Code.BIND_FAILED);
    },

    async bindMobile(memberId: number, body: BindMobileBody): Promise<null> {
      const c = await contactOf(memberId);
      if (boundPhone(c)) throw new AppError(Code.ALREADY_BOUND);
      const phone = phoneOf(body.areaCode, body.mobile);
      await checkMobileFree(phone, memberId);
      const code = await checkBinding({ memberId, channel: 'mobile', purpose: 'bind', target: e164(phone) }, body.code);
      return saveMobile([code], memberId, null, phone, Code.BIND_FAILED);
    },

    async reBindMobile(memberId: number, body: ReBindMobileBody): Promise<null> {
      const c = await contactOf(memberId);
      const current = boundPhone(c);
      if (!current) throw new AppError(Code.NOT_BOUND);
      const phone = phoneOf(body.areaCode, body.mobile);
      if (e164(phone) === e164(current)) throw new AppError(Code.MOBILE_EXISTS);
      await checkMobileFree(phone, memberId);
      const key = (purpose: string, p: Phone): CodeKey => ({ memberId, channel: 'mobile', purpose, target: e164(p) });
      const oldCode = await checkBinding(key('rebindOld', current), body.oldCode);
      const newCode = await checkBinding(key('rebindNew', phone), body.code);
      return saveMobile([oldCode, newCode], memberId, current, phone, Code.REBIND_FAILED);
    },

    async unbindMobile(memberId: number, code: string): Promise<null> {
      const c = await contactOf(memberId);
      const current = boundPhone(c);
      if (!current) throw new AppError(Code.NOT_BOUND);
      if (!c.loginName && !c.email) throw new AppError(Code.LAST_SIGN_IN_WAY);
      const checked = await checkBinding(
        { memberId, channel: 'mobile', purpose: 'unbind', target: e164(current) },
        code,
      );
      return saveMobile([checked], memberId, current, null, Code.BIND_FAILED);
    },

    // Forgotten password, step 1 (public). The answer does not tell whether the address belongs to a member: the
    // same resend block applies either way and only a member's address gets an e-mail.
    async requestResetCode(body: ResetCodeRequestBody, ip: string, locale: Locale): Promise<CodeSent> {
      const pass = await captcha.verify(body.key, body.captcha);
      const now = clock.now();
      if ((await repo.countResetRequests(ip, now)) > deps.resetPerHour)
        throw new AppError(Code.TOO_MANY_ATTEMPTS, 'tooManyCaptchas', { minutes: 60 });
      if (!(await mail.available())) throw new AppError(Code.MAIL_UNAVAILABLE);
      const email = lower(body.email);
      // An address that has used its tries gets no code until its window passes, whether or not it has an account.
      const tries = await repo.resetTries(triesKey(email), now);
      if (tries && tries.count >= RESET_TRIES_MAX) throw triesUsedUp(tries.windowStart, now);
      const member = await accounts.activeMemberByEmail(email);
      // An e-mailed picture code answers for its own account only (decision 371): told as a wrong code.
      if (!answersFor(pass, member?.id)) throw new AppError(Code.CAPTCHA_ERROR);
      if (member)
        return emailCode(
          { memberId: member.id, channel: 'email', purpose: 'reset', target: email },
          locale,
          'resetSubject',
        );
      await repo.transaction(async (tx) => {
        if (!(await repo.claimSendSlot(tx, `email:${email}`, 'reset', now, RESEND_MS)))
          throw new AppError(Code.RESEND_TOO_SOON);
      });
      return SENT;
    },

    // The sign-in captcha's code by e-mail, for a member who cannot read the picture (WCAG 3.3.8, decision 369;
    // public). As the reset request: the same answer whether or not the address is an active staff member's, one
    // e-mail a minute per address; besides, its own budget per network address (RESET_CODE_MAX_PER_HOUR an hour) and
    // CAPTCHA_MAILS_MAX a day per address, as no picture is solved for it. The key gets a new code either way, so the
    // picture's stops working whatever the address; only a staff member's address (who alone may sign in) is sent it.
    // The minute, the day's count, the new code and the e-mail are written in one transaction: a dead key (4002) or
    // a spent day (1005) leaves nothing taken.
    async requestCaptchaByEmail(body: CaptchaByEmailBody, ip: string, locale: Locale): Promise<CodeSent> {
      const now = clock.now();
      if ((await repo.countCaptchaMails(ip, now)) > deps.resetPerHour)
        throw new AppError(Code.TOO_MANY_ATTEMPTS, 'tooManyCaptchas', { minutes: 60 });
      if (!(await mail.available())) throw new AppError(Code.MAIL_UNAVAILABLE);
      const email = lower(body.email);
      const member = await accounts.activeMemberByEmail(email);
      const sent = await repo.transaction(async (tx) => {
        if (!(await repo.claimSendSlot(tx, `email:${email}`, 'captcha', now, RESEND_MS)))
          throw new AppError(Code.RESEND_TOO_SOON);
        const { count, since } = await repo.reserveCaptchaMail(tx, triesKey(`captcha:${email}`), now);
        if (count > CAPTCHA_MAILS_MAX) throw usedUp('tooManyCaptchaMails', since, captchaMailsTo.windowMs, now);
        const renewed = await captcha.renew(body.key, member?.id ?? null, tx);
        if (!renewed) throw new AppError(Code.CAPTCHA_EXPIRED);
        if (member?.memberType === 'staff')
          await mail.queue(tx, {
            to: email,
            subject: codeText('captchaSubject', locale),
            text: codeText('captchaBody', locale, {
              code: renewed.code,
              minutes: Math.floor(renewed.expiresSeconds / 60),
            }),
            confidential: true,
          });
        return renewed;
      });
      // (The outbox's worker is woken only for an e-mail queued.)
      if (member?.memberType === 'staff') mail.nudge();
      return { resendSeconds: VERIFY_RESEND_SECONDS, expiresSeconds: sent.expiresSeconds };
    },

    // Step 2: the code sets a new password and signs every session of the member out.
    async resetPwdByEmail(body: ResetPwdByEmailBody): Promise<null> {
      const email = lower(body.email);
      // Every try counts against the address before anything is looked up (known address or not, right code or not):
      // past RESET_TRIES_MAX in the window, even a fresh code's right value is refused (1005).
      const now = clock.now();
      const { count, since } = await repo.reserveResetTry(triesKey(email), now);
      if (count > RESET_TRIES_MAX) throw triesUsedUp(since, now);
      const member = await accounts.activeMemberByEmail(email);
      // One answer for every refusal, with the same look-up behind it (no member, no code, an old or a wrong one):
      // a wrong code must not tell which addresses have accounts (issue 38). Member id 0 matches no code.
      const key = { memberId: member?.id ?? 0, channel: 'email', purpose: 'reset', target: email } as const;
      const id = await check(key, body.code).catch((err: unknown) => {
        throw err instanceof AppError && err.code === Code.VERIFY_CODE_MISMATCH
          ? new AppError(Code.VERIFY_CODE_EXPIRED)
          : err;
      });
      if (!member) throw new AppError(Code.VERIFY_CODE_EXPIRED);
      // The new password also lifts a sign-in lock.
      const write = await accounts.setPassword(body.password, { clearLock: true });
      return useCodes([id], async (tx) => {
        await write(member.id, tx);
        await sessions.closeAllOf(member.id, { tx });
        await repo.clearResetTries(tx, triesKey(email));
        return null;
      });
    },
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;
export type { Channel };
