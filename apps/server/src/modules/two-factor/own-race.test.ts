import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { PERM, type RecoveryCodes, type TwoFactorChallenge, type TwoFactorSetup } from '@study-crm/shared';
import type { Conn } from '../../db/transaction.js';
import { createSecretBox, loadSecretKey } from '../../lib/secret-box.js';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { TEST_CAPTCHA, testClock } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { createAuthRepository, createStepUp } from '../auth/index.js';
import { createMemberCredentials } from '../member/index.js';
import { createAccessGuard, createAccessRepository } from '../role/index.js';
import { createTwoFactorRepository, createTwoFactorService } from './index.js';

const STEP_MS = 30_000;
const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const outcome = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ value }),
    (err: unknown) => ({ err }),
  );

// A member's own set-up, confirmation and turning off of the second factor each read it and write it in one
// transaction, the member's row locked first, as the administrator's reset (decision 381). Before, a confirmation
// checked its code against the pending secret it had read, then turned on the secret a set-up racing it had saved
// meanwhile; two set-ups at once could answer "already on" to one of them; a turning off checked its code, then
// removed the second factor set up and confirmed again meanwhile.
describe("a member's own second-factor calls take turns with each other and with a reset (both engines)", () => {
  const clock = testClock(Date.UTC(2026, 10, 23, 9, 0, 0));
  const t = useTestApp({ clock, env: { LOGIN_MAX_FAILURES: '50', LOGIN_IP_MAX_ATTEMPTS: '1000' } });
  let roleId: number;
  let adminToken: string;
  let seq = 0;

  beforeAll(async () => {
    adminToken = (await t.login()).token;
    roleId = await createRole(t.db.db, 'ROLE_OWN_RACE', [PERM.memberList]);
  });

  const member = async () => {
    const loginName = `own_race_${++seq}`;
    const id = await createStaff(t.db.db, loginName, [roleId]);
    const { token } = await t.login(loginName, STAFF_PASSWORD);
    return { id, loginName, token };
  };
  const setup = (token: string) => t.post<TwoFactorSetup>('/api/v1/member/twoFactor/setup', {}, { token });
  const confirm = (token: string, code: string) =>
    t.post<RecoveryCodes>('/api/v1/member/twoFactor/confirm', { code }, { token });
  const disable = (token: string, code: string) =>
    t.post('/api/v1/member/twoFactor/disable', { password: STAFF_PASSWORD, code }, { token });
  const reset = (id: number) => t.post('/api/v1/mc/member/resetTwoFactor', { id }, { token: adminToken });
  // A member with the second factor on: its secret.
  async function enrolled() {
    const m = await member();
    const s = await setup(m.token);
    clock.advance(STEP_MS);
    expect((await confirm(m.token, codeAt(s.data.secret, clock.now()))).meta.code).toBe(200);
    return { ...m, secret: s.data.secret };
  }
  // The member's second factor as stored: on or pending (or none), and the recovery codes left.
  const stored = async (id: number) => {
    const row = await t.db.db
      .selectFrom('memberTwoFactor')
      .select('enabledAt')
      .where('memberId', '=', id)
      .executeTakeFirst();
    const codes = await t.db.db.selectFrom('memberRecoveryCode').select('id').where('memberId', '=', id).execute();
    return { factor: row ? (row.enabledAt === null ? 'pending' : 'on') : 'none', codes: codes.length };
  };
  // Sign-in with the password, then (when asked) a code of `secret` from the next time step: the two answers.
  async function signIn(loginName: string, secret: string) {
    clock.advance(STEP_MS);
    const password = await t.post<TwoFactorChallenge>('/api/v1/mc/auth/login/loginName', {
      loginName,
      password: STAFF_PASSWORD,
      key: await t.captcha(),
      code: TEST_CAPTCHA,
    });
    if (password.meta.code !== 1010) return [password.meta.code];
    const code = await t.post('/api/v1/mc/auth/login/twoFactor', {
      ticket: password.data.ticket,
      code: codeAt(secret, clock.now()),
    });
    return [password.meta.code, code.meta.code];
  }

  // Waits for a lock: on PostgreSQL the statements of this database waiting for one.
  const lockWaiters = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db.db)
    ).rows[0]!.n;

  // The HTTP calls started one after the other while a transaction of the test holds the member's row, and let go
  // once each waits or has answered. PostgreSQL: the row locked `for <mode>` (a call that locks the member's row waits
  // for the test; `no key update` lets a second-factor row naming the member be written, `update` does not); each call
  // starts once the one before waits for a lock or has answered. SQLite: the test holds its one connection, so the
  // calls' statements then run in turn, one of each at a time.
  async function raced<T>(
    memberId: number,
    mode: 'update' | 'no key update',
    calls: (() => Promise<T>)[],
  ): Promise<T[]> {
    const started: Promise<T>[] = [];
    await t.db.db.transaction().execute(async (trx) => {
      if (t.db.dialect === 'postgres') {
        await sql`select id from member where id = ${memberId} for ${sql.raw(mode)}`.execute(trx);
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

  it('answers two set-ups at once both, and keeps the secret of one, which its first code turns on', async () => {
    const m = await member();
    const [a, b] = await raced(m.id, 'update', [() => setup(m.token), () => setup(m.token)]);
    // Before, on both engines: the second's pending row went in after the first's, and it answered 409 "already on"
    // while the second factor was pending.
    expect([a!.meta.code, b!.meta.code]).toEqual([200, 200]);
    expect(await stored(m.id)).toEqual({ factor: 'pending', codes: 0 });
    clock.advance(STEP_MS);
    const first = await confirm(m.token, codeAt(a!.data.secret, clock.now()));
    const second = await confirm(m.token, codeAt(b!.data.secret, clock.now()));
    // Exactly one of the two secrets is stored: its code turns it on, the other's is wrong or comes too late.
    const kept = first.meta.code === 200 ? a! : b!;
    expect(first.meta.code === 200 ? [second.meta.code] : [first.meta.code, second.meta.code]).toEqual(
      first.meta.code === 200 ? [409] : [1011, 200],
    );
    expect(await stored(m.id)).toEqual({ factor: 'on', codes: 10 });
    expect(await signIn(m.loginName, kept.data.secret)).toEqual([1010, 200]);
  });

  it('turns on the secret a confirmation read when a set-up races it, or refuses the code of the one replaced', async () => {
    const m = await member();
    const { secret } = (await setup(m.token)).data;
    clock.advance(STEP_MS);
    const [c, s] = await raced<{ meta: { code: number }; data: unknown }>(m.id, 'no key update', [
      () => confirm(m.token, codeAt(secret, clock.now())),
      () => setup(m.token),
    ]);
    if (c!.meta.code === 200) {
      // The confirmation came first: the set-up after it is refused, and the secret confirmed is the one on.
      // Before, on PostgreSQL: the set-up's new secret went in between the confirmation's read and its write, and
      // was turned on by the other secret's code (the set-up answered 200; the member's app held neither).
      expect(s!.meta.code).toBe(409);
      expect(await stored(m.id)).toEqual({ factor: 'on', codes: 10 });
      expect(await signIn(m.loginName, secret)).toEqual([1010, 200]);
    } else {
      // The set-up came first: the confirmation's code is of the secret replaced, and the new one is pending.
      expect([c!.meta.code, s!.meta.code]).toEqual([1011, 200]);
      expect(await stored(m.id)).toEqual({ factor: 'pending', codes: 0 });
      const next = (s!.data as TwoFactorSetup).secret;
      expect((await confirm(m.token, codeAt(next, clock.now()))).meta.code).toBe(200);
    }
  });

  // The turning off counts its try first (a statement of its own, kept), then checks the code in its transaction: a
  // wrong code rolls that back and is recorded as refused, a right one's entry is written before its commit.
  it('records one audit entry for each turning off: refused for a wrong code, ok once it is off', async () => {
    const m = await enrolled();
    const entries = () =>
      t.db.db
        .selectFrom('auditLog')
        .select(['outcome', 'code'])
        .where('module', '=', 'twoFactor')
        .where('action', '=', 'disable')
        .where('memberId', '=', m.id)
        .orderBy('id')
        .execute();
    expect((await disable(m.token, '000000')).meta.code).toBe(1011);
    expect(await entries()).toEqual([{ outcome: 'refused', code: 1011 }]);
    clock.advance(STEP_MS);
    expect((await disable(m.token, codeAt(m.secret, clock.now()))).meta.code).toBe(200);
    expect(await entries()).toEqual([
      { outcome: 'refused', code: 1011 },
      { outcome: 'ok', code: 200 },
    ]);
    expect(await stored(m.id)).toEqual({ factor: 'none', codes: 0 });
  });

  it('turns it off and resets it at once: both answer, and neither the second factor nor a recovery code is left', async () => {
    const m = await enrolled();
    clock.advance(STEP_MS);
    const code = codeAt(m.secret, clock.now());
    const answers = await raced(m.id, 'no key update', [() => disable(m.token, code), () => reset(m.id)]);
    expect(answers.map((r) => r.meta.code)).toEqual([200, 200]);
    expect(await stored(m.id)).toEqual({ factor: 'none', codes: 0 });
    expect(await signIn(m.loginName, m.secret)).toEqual([200]);
  });

  // Each call below is made on the wiring's own parts (the server's secret key, the sign-in's step-up), on a
  // repository that stops it at one point until let go; the other calls go through HTTP meanwhile.
  // (The server made its key as it started: none is made here.)
  const box = () =>
    createSecretBox(
      loadSecretKey({
        configured: t.config.mailSecretKey,
        dataDir: t.config.dataDir,
        onCreated: (file) => {
          throw new Error(`the server's key was not found: ${file} made`);
        },
      }),
    );
  function pausedAt(point: 'find' | 'acceptStep') {
    const repo = createTwoFactorRepository(t.db.db);
    let holding!: (pid: number | null) => void;
    const held = new Promise<number | null>((r) => (holding = r));
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let paused = false;
    const pause = async (tx: Conn | undefined) => {
      if (paused) return;
      paused = true;
      holding(
        tx && t.db.dialect === 'postgres'
          ? (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx)).rows[0]!.pid
          : null,
      );
      await gate;
    };
    const service = createTwoFactorService({
      repo: {
        ...repo,
        find: async (memberId, tx) => {
          const row = await repo.find(memberId, tx);
          if (point === 'find') await pause(tx);
          return row;
        },
        acceptStep: async (memberId, step, now, tx) => {
          const accepted = await repo.acceptStep(memberId, step, now, tx);
          if (point === 'acceptStep') await pause(tx);
          return accepted;
        },
      },
      people: { isMember: async () => true, signInName: async () => undefined },
      box: box(),
      guard: createAccessGuard(createAccessRepository(t.db.db), { twoFactorRoles: t.config.twoFactorRoles }),
      config: t.config,
      clock,
      stepUp: createStepUp({
        repo: createAuthRepository(t.db.db, createMemberCredentials(t.db.db, clock)),
        limits: t.config,
        clock,
      }),
    });
    return { service, held, open };
  }
  // Until a statement waits on a lock held by the connection `pid` (PostgreSQL), or `settled()`; with no connection
  // to watch (SQLite's one connection, or a call stopped outside any transaction), `settled()` or two seconds.
  async function untilBlockedBy(pid: number | null, settled: () => boolean) {
    for (let i = 0; i < 200 && !settled(); i++) {
      if (pid !== null) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where ${pid} = any(pg_blocking_pids(pid))`.execute(t.db.db);
        if (rows[0]!.n > 0) return;
      }
      await sleep(10);
    }
  }

  it('makes a set-up wait for a confirmation that has read the pending secret, then refuses it (409)', async () => {
    const m = await member();
    const { secret } = (await setup(m.token)).data;
    clock.advance(STEP_MS);
    const { service, held, open } = pausedAt('find');
    // The confirmation stops right after reading the pending secret.
    const confirming = outcome(service.confirm(m.id, codeAt(secret, clock.now())));
    const pid = await held;
    let settled = false;
    const other = setup(m.token).finally(() => (settled = true));
    await untilBlockedBy(pid, () => settled);
    open();
    const confirmed = await confirming;
    expect(confirmed).toHaveProperty('value.recoveryCodes');
    // Before, on both engines: the set-up replaced the pending secret (200) while the confirmation had stopped, and
    // the confirmation then turned the new secret on with the old one's code.
    expect((await other).meta.code).toBe(409);
    expect(await stored(m.id)).toEqual({ factor: 'on', codes: 10 });
    expect(await signIn(m.loginName, secret)).toEqual([1010, 200]);
  });

  it('removes the second factor its code is of: one reset, set up and confirmed again meanwhile waits and stays', async () => {
    const m = await enrolled();
    clock.advance(STEP_MS);
    const { service, held, open } = pausedAt('acceptStep');
    // The turning off stops right after its code is accepted.
    const disabling = outcome(service.disable(m.id, STAFF_PASSWORD, codeAt(m.secret, clock.now())));
    const pid = await held;
    let settled = false;
    // Meanwhile an administrator resets it, and the member sets it up again and confirms it.
    const again = (async () => {
      const r = await reset(m.id);
      const s = await setup(m.token);
      const c = await confirm(m.token, codeAt(s.data.secret, clock.now()));
      return { codes: [r.meta.code, s.meta.code, c.meta.code], secret: s.data.secret };
    })().finally(() => (settled = true));
    await untilBlockedBy(pid, () => settled);
    open();
    expect(await disabling).toEqual({ value: null });
    const { codes, secret } = await again;
    expect(codes).toEqual([200, 200, 200]);
    // Before, on both engines: the turning off, let go after the new set-up was confirmed, removed it (and its
    // recovery codes), though its code was of the second factor reset.
    expect(await stored(m.id)).toEqual({ factor: 'on', codes: 10 });
    expect(await signIn(m.loginName, secret)).toEqual([1010, 200]);
  });
});
