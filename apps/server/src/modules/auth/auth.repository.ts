import { isPostgres, type Db } from '../../db/database.js';
import { countInWindow, hitInWindow, readWindow, unhitInWindow } from '../../db/sql-helpers.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type { LoginCandidate } from '../member/index.js';

export type { LoginCandidate };

// The member rows sign-in reads and counts failures on: the member module owns them and hands these over
// (`MemberCredentials`, through modules/index.ts).
export type SignInAccounts = {
  byLoginName(loginName: string): Promise<LoginCandidate | undefined>;
  byId(id: number): Promise<LoginCandidate | undefined>;
  byEmail(email: string): Promise<LoginCandidate | undefined>;
  byMobile(areaCode: string, mobile: string): Promise<LoginCandidate | undefined>;
  // Counts the attempt before the password is checked, in one statement; a lock that has run out starts afresh, and
  // an attempt past the limit sets a lock if none is in place.
  reserveAttempt(
    id: number,
    now: number,
    limits: { maxFailures: number; lockMs: number },
  ): Promise<{ attempt: number; lockedUntil: number | null }>;
  lock(id: number, until: number): Promise<void>;
  clearFailures(id: number): Promise<void>;
};

// The sign-in throttle's counter in login_throttle: failed sign-ins per network address, in a window of
// LOGIN_IP_WINDOW_MINUTES (`config.loginIpWindowMs`). An attempt is counted before anything is checked and taken
// back unless it fails, so the window holds the failures and the attempts still running. A request counts in the
// address's current window only (a passed one starts again at its next attempt); the retention run drops the passed
// ones (retention.repository.ts).
export const SIGN_IN_COUNTER_PREFIX = 'ip:';

// The ticket of the password step of a member with a second factor: valid five minutes, exchanged for a session
// once. Its use is a hit in login_throttle under `ticket:` and the ticket's nonce, counted in a window as long as the
// ticket's life (a window begun at the first use still counts while the ticket is valid); the retention run drops
// those that have passed, whose tickets have run out.
export const SIGN_IN_TICKET = { prefix: 'ticket:', windowMs: 5 * 60_000 } as const;

// Sign-in: the accounts (the member module's), the per-address throttle and the used tickets (login_throttle).
export function createAuthRepository(db: Db, accounts: SignInAccounts) {
  return {
    byLoginName: accounts.byLoginName,
    byId: accounts.byId,
    byEmail: accounts.byEmail,
    byMobile: accounts.byMobile,
    reserveAttempt: accounts.reserveAttempt,
    lock: accounts.lock,
    clearFailures: accounts.clearFailures,

    transaction: <T>(fn: (tx: Tx) => Promise<T>) => runInTransaction(db, fn),

    // One more within the window (or a fresh window), in one statement: of attempts at once, each gets its own
    // count. Answers the count, this attempt included, and when the window began.
    countThrottle: (key: string, now: number, windowMs: number) => hitInWindow(db, key, now, windowMs),
    // Takes an attempt counted in the window begun at `since` back (none when the window has started again since).
    uncountThrottle: (key: string, since: number) => unhitInWindow(db, key, since),

    // The member's row held against removal until `tx` ends (PostgreSQL FOR KEY SHARE, the lock the new session's
    // foreign key takes anyway), taken first: the member before the second-factor rows, as the administrator's reset
    // (decision 381) and the member's own second-factor calls take them, or a reset holding the member and waiting
    // for the second-factor row a sign-in has just used would wait for each other.
    async holdMember(tx: Tx, memberId: number): Promise<void> {
      if (isPostgres(tx)) await tx.selectFrom('member').select('id').where('id', '=', memberId).forKeyShare().execute();
    },
    // Whether the ticket with this nonce has opened a session (an exchange after it is refused before it counts).
    ticketTaken: async (nonce: string): Promise<boolean> =>
      (await readWindow(db, `${SIGN_IN_TICKET.prefix}${nonce}`)) !== undefined,
    // Takes the ticket with this nonce, once: false when it has been taken (by another exchange, committed, or one
    // still running, which this one waits for on PostgreSQL). On `tx`, the exchange's transaction: a rollback gives
    // the ticket back.
    takeTicket: async (tx: Conn, nonce: string, now: number): Promise<boolean> =>
      (await countInWindow(tx, `${SIGN_IN_TICKET.prefix}${nonce}`, now, SIGN_IN_TICKET.windowMs)) === 1,
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
