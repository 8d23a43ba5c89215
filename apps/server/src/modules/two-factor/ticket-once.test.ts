import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import {
  Code,
  PERM,
  type LoginResult,
  type RecoveryCodes,
  type TwoFactorChallenge,
  type TwoFactorSetup,
} from '@study-crm/shared';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { TEST_CAPTCHA, testClock } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';

const STEP_MS = 30_000;
const MINUTE = 60_000;
const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const countOf = (codes: number[], code: number) => codes.filter((c) => c === code).length;

// The ticket of the password step (a member with a second factor) is exchanged for a session once: it is taken in the
// transaction that checks the code and opens the session. Before, it was good for five minutes: a later code with
// the same ticket opened another session, and two exchanges racing with two right codes opened two.
describe('a second-factor sign-in ticket opens one session (both engines)', () => {
  const clock = testClock(Date.UTC(2026, 10, 23, 9, 0, 0));
  const t = useTestApp({
    clock,
    env: { LOGIN_MAX_FAILURES: '50', LOGIN_IP_MAX_ATTEMPTS: '1000', LOGIN_IP_WINDOW_MINUTES: '15' },
  });
  let roleId: number;
  let seq = 0;

  beforeAll(async () => {
    roleId = await createRole(t.db.db, 'ROLE_TICKET_ONCE', [PERM.memberList]);
  });

  const codeStep = (ticket: string, code: string) =>
    t.post<LoginResult>('/api/v1/mc/auth/login/twoFactor', { ticket, code });
  const ticketOf = async (loginName: string) => {
    const res = await t.post<TwoFactorChallenge>('/api/v1/mc/auth/login/loginName', {
      loginName,
      password: STAFF_PASSWORD,
      key: await t.captcha(),
      code: TEST_CAPTCHA,
    });
    expect(res.meta.code).toBe(1010);
    return res.data.ticket;
  };
  // A staff member with TOTP on: id, login name, secret, recovery codes.
  async function enrolled() {
    const loginName = `ticket_once_${++seq}`;
    const id = await createStaff(t.db.db, loginName, [roleId]);
    const { token } = await t.login(loginName, STAFF_PASSWORD);
    const setup = await t.post<TwoFactorSetup>('/api/v1/member/twoFactor/setup', {}, { token });
    clock.advance(STEP_MS);
    const confirm = await t.post<RecoveryCodes>(
      '/api/v1/member/twoFactor/confirm',
      { code: codeAt(setup.data.secret, clock.now()) },
      { token },
    );
    expect(confirm.meta.code).toBe(200);
    return { id, loginName, secret: setup.data.secret, recoveryCodes: confirm.data.recoveryCodes };
  }
  const unusedCodes = async (memberId: number) =>
    (
      await t.db.db
        .selectFrom('memberRecoveryCode')
        .select('id')
        .where('memberId', '=', memberId)
        .where('usedAt', 'is', null)
        .execute()
    ).length;
  const sessionsOf = async (memberId: number) =>
    (await t.db.db.selectFrom('session').select('id').where('memberId', '=', memberId).execute()).length;

  it('refuses the ticket once it has opened a session, with a later code or a recovery code (1013)', async () => {
    const m = await enrolled();
    const ticket = await ticketOf(m.loginName);
    clock.advance(STEP_MS);
    const before = await sessionsOf(m.id);
    expect((await codeStep(ticket, codeAt(m.secret, clock.now()))).meta.code).toBe(200);
    clock.advance(STEP_MS);
    // Before, on both engines: 200 twice more, three sessions from one password.
    expect((await codeStep(ticket, codeAt(m.secret, clock.now()))).meta.code).toBe(Code.TWO_FACTOR_EXPIRED);
    expect((await codeStep(ticket, m.recoveryCodes[0]!)).meta.code).toBe(Code.TWO_FACTOR_EXPIRED);
    expect(await sessionsOf(m.id)).toBe(before + 1);
    // The refused exchanges used up nothing: the recovery code and the later time step still sign in.
    expect(await unusedCodes(m.id)).toBe(10);
    expect((await codeStep(await ticketOf(m.loginName), m.recoveryCodes[0]!)).meta.code).toBe(200);
    expect((await codeStep(await ticketOf(m.loginName), codeAt(m.secret, clock.now()))).meta.code).toBe(200);
  });

  it('keeps the ticket after a wrong code: the right one then signs in', async () => {
    const m = await enrolled();
    const ticket = await ticketOf(m.loginName);
    clock.advance(STEP_MS);
    expect((await codeStep(ticket, '000000')).meta.code).toBe(Code.TWO_FACTOR_INVALID);
    expect((await codeStep(ticket, codeAt(m.secret, clock.now()))).meta.code).toBe(200);
  });

  // Waits for a lock: on PostgreSQL the statements of this database waiting for one.
  const lockWaiters = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db.db)
    ).rows[0]!.n;

  // The exchanges started while a transaction of the test holds the member's row (PostgreSQL FOR UPDATE: each waits
  // at its count against the account lock; SQLite: the test holds its one connection), then let go together.
  async function raced<T>(memberId: number, calls: (() => Promise<T>)[]): Promise<T[]> {
    const started: Promise<T>[] = [];
    await t.db.db.transaction().execute(async (trx) => {
      if (t.db.dialect === 'postgres') {
        await sql`select id from member where id = ${memberId} for update`.execute(trx);
        for (const call of calls) {
          const waiting = await lockWaiters();
          let settled = false;
          started.push(call().finally(() => (settled = true)));
          for (let i = 0; i < 300 && !settled && (await lockWaiters()) <= waiting; i++) await sleep(10);
        }
      } else {
        for (const call of calls) started.push(call());
        await sleep(50);
      }
    });
    return Promise.all(started);
  }

  it('of two exchanges racing with two right codes, opens one session and refuses the other', async () => {
    const m = await enrolled();
    const ticket = await ticketOf(m.loginName);
    const before = await sessionsOf(m.id);
    const answers = await raced(m.id, [
      () => codeStep(ticket, m.recoveryCodes[0]!),
      () => codeStep(ticket, m.recoveryCodes[1]!),
    ]);
    // Before, on both engines: 200 twice.
    expect(answers.map((a) => a.meta.code).sort((a, b) => a - b)).toEqual([200, Code.TWO_FACTOR_EXPIRED]);
    expect(await sessionsOf(m.id)).toBe(before + 1);
    // The refused one's recovery code was not used up (its transaction rolled back).
    expect(await unusedCodes(m.id)).toBe(9);
  });

  it('the retention run drops the tickets used more than five minutes ago, keeps the others refused', async () => {
    const keys = async () =>
      (await t.db.db.selectFrom('loginThrottle').select('key').where('key', 'like', 'ticket:%').execute()).map(
        (r) => r.key,
      );
    await t.db.db.deleteFrom('loginThrottle').where('key', 'like', 'ticket:%').execute();
    const m = await enrolled();
    const old = await ticketOf(m.loginName);
    clock.advance(STEP_MS);
    expect((await codeStep(old, codeAt(m.secret, clock.now()))).meta.code).toBe(200);
    const [oldKey] = await keys();
    expect(oldKey).toMatch(/^ticket:/);
    clock.advance(3 * MINUTE);
    const recent = await ticketOf(m.loginName);
    expect((await codeStep(recent, m.recoveryCodes[0]!)).meta.code).toBe(200);
    const recentKey = (await keys()).find((k) => k !== oldKey);
    expect(recentKey).toMatch(/^ticket:/);
    clock.advance(2 * MINUTE + STEP_MS);
    // The first ticket has run out (its use is no longer needed to refuse it); the second has 2.5 minutes left.
    expect(await t.app.retention.run()).not.toBeNull();
    expect(await keys()).toEqual([recentKey]);
    expect((await codeStep(old, codeAt(m.secret, clock.now()))).meta.code).toBe(Code.TWO_FACTOR_EXPIRED);
    expect((await codeStep(recent, codeAt(m.secret, clock.now()))).meta.code).toBe(Code.TWO_FACTOR_EXPIRED);
  });
});

// The address limit counts a code exchange before it is checked, as a password (before: read first, counted after a
// wrong code, so wrong codes sent at once for many accounts were all checked).
describe('the address limit holds for code exchanges sent at once (both engines)', () => {
  const clock = testClock(Date.UTC(2026, 10, 23, 9, 0, 0));
  const t = useTestApp({ clock, env: { LOGIN_IP_MAX_ATTEMPTS: '4', LOGIN_MAX_FAILURES: '50' } });

  const lockWaiters = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db.db)
    ).rows[0]!.n;

  // The calls started while a transaction of the test holds the members' rows, then let go together, so that each
  // has passed its address check before any code is checked. PostgreSQL: the rows locked FOR UPDATE, where each
  // exchange waits to count against its account lock (or answers first); SQLite: the test holds its one connection,
  // and the calls' statements then run in turn, one of each at a time.
  async function together<T>(memberIds: number[], calls: (() => Promise<T>)[]): Promise<T[]> {
    const started: Promise<T>[] = [];
    await t.db.db.transaction().execute(async (trx) => {
      if (t.db.dialect === 'postgres') {
        await sql`select id from member where id in (${sql.join(memberIds)}) for update`.execute(trx);
        for (const call of calls) {
          const waiting = await lockWaiters();
          let settled = false;
          started.push(call().finally(() => (settled = true)));
          for (let i = 0; i < 300 && !settled && (await lockWaiters()) <= waiting; i++) await sleep(10);
        }
      } else {
        for (const call of calls) started.push(call());
        await sleep(50);
      }
    });
    return Promise.all(started);
  }

  it('checks only four of eight wrong codes for eight accounts sent at once; the rest are refused', async () => {
    const roleId = await createRole(t.db.db, 'ROLE_CODE_SPRAY', [PERM.memberList]);
    const tickets: string[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const loginName = `code_spray_${i}`;
      ids.push(await createStaff(t.db.db, loginName, [roleId]));
      const { token } = await t.login(loginName, STAFF_PASSWORD);
      const setup = await t.post<TwoFactorSetup>('/api/v1/member/twoFactor/setup', {}, { token });
      clock.advance(STEP_MS);
      const code = codeAt(setup.data.secret, clock.now());
      expect((await t.post('/api/v1/member/twoFactor/confirm', { code }, { token })).meta.code).toBe(200);
      const password = await t.post<TwoFactorChallenge>('/api/v1/mc/auth/login/loginName', {
        loginName,
        password: STAFF_PASSWORD,
        key: await t.captcha(),
        code: TEST_CAPTCHA,
      });
      expect(password.meta.code).toBe(1010);
      tickets.push(password.data.ticket);
    }
    const answers = await together(
      ids,
      tickets.map((ticket) => () => t.post('/api/v1/mc/auth/login/twoFactor', { ticket, code: '000000' })),
    );
    const codes = answers.map((r) => r.meta.code);
    // Before, on both engines: 8 × 1011.
    expect(countOf(codes, Code.TWO_FACTOR_INVALID)).toBe(4);
    expect(countOf(codes, Code.TOO_MANY_ATTEMPTS)).toBe(4);
  });
});
