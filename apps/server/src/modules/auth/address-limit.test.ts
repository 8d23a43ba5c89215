import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@study-crm/shared';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { TEST_CAPTCHA } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';

const LOGIN = '/api/v1/mc/auth/login/loginName';
const countOf = (codes: number[], code: number) => codes.filter((c) => c === code).length;

// The per-address limit (LOGIN_IP_MAX_ATTEMPTS) counts an attempt before anything is checked, in one statement, and
// takes it back when the attempt does not fail. Before, it read the count first and counted only after a failure, so
// attempts sent at once all passed the read: twelve wrong passwords for twelve accounts were all checked (401) with
// a limit of four (password spraying).
describe('the address limit holds for attempts sent at once (both engines)', () => {
  const t = useTestApp({ env: { LOGIN_IP_MAX_ATTEMPTS: '4', LOGIN_IP_WINDOW_MINUTES: '10' } });
  let roleId: number;

  beforeAll(async () => {
    roleId = await createRole(t.db.db, 'ROLE_SPRAY', []);
  });

  // The address's window (the test app's requests all come from 127.0.0.1).
  const windowCount = async () =>
    (await t.db.db.selectFrom('loginThrottle').select('count').where('key', '=', 'ip:127.0.0.1').executeTakeFirst())
      ?.count;
  const signIn = async (loginName: string, password: string) =>
    (await t.post(LOGIN, { loginName, password, key: await t.captcha(), code: TEST_CAPTCHA })).meta.code;

  it('checks only four of twelve wrong passwords for twelve accounts sent at once; the rest are refused', async () => {
    for (let i = 0; i < 12; i++) await createStaff(t.db.db, `spray${i}`, [roleId]);
    const keys = await Promise.all(Array.from({ length: 12 }, () => t.captcha()));
    const codes = (
      await Promise.all(
        keys.map((key, i) =>
          t.post(LOGIN, { loginName: `spray${i}`, password: 'Wrong#pass1', key, code: TEST_CAPTCHA }),
        ),
      )
    ).map((r) => r.meta.code);
    // Before, on both engines: 12 × 401.
    expect(countOf(codes, 401)).toBe(4);
    expect(countOf(codes, Code.TOO_MANY_ATTEMPTS)).toBe(8);
    // The window holds the four failures; the refusals were taken back.
    expect(await windowCount()).toBe(4);
    // The right password is refused too until the window passes.
    expect(await signIn('spray0', STAFF_PASSWORD)).toBe(Code.TOO_MANY_ATTEMPTS);
    expect(await windowCount()).toBe(4);
  });
});

// What counts is unchanged for attempts one after another: failures only. Sign-ins (and the refusals that checked no
// password: a locked account) leave the address's budget as it was.
describe('the address limit counts failures only (both engines)', () => {
  const t = useTestApp({ env: { LOGIN_IP_MAX_ATTEMPTS: '4', LOGIN_MAX_FAILURES: '2' } });
  let roleId: number;

  beforeAll(async () => {
    roleId = await createRole(t.db.db, 'ROLE_BUDGET', []);
    await createStaff(t.db.db, 'budget_ok', [roleId]);
    await createStaff(t.db.db, 'budget_locked', [roleId]);
  });

  const signIn = async (loginName: string, password: string) =>
    (await t.post(LOGIN, { loginName, password, key: await t.captcha(), code: TEST_CAPTCHA })).meta.code;

  it('lets any number of sign-ins through, then four failures, and refuses the fifth attempt', async () => {
    for (let i = 0; i < 6; i++) expect(await signIn('budget_ok', STAFF_PASSWORD)).toBe(200);
    // Two wrong passwords lock budget_locked (failures 1 and 2); the locked answers after them are not counted.
    expect(await signIn('budget_locked', 'Wrong#pass1')).toBe(401);
    expect(await signIn('budget_locked', 'Wrong#pass1')).toBe(Code.ACCOUNT_LOCKED);
    for (let i = 0; i < 3; i++) expect(await signIn('budget_locked', 'Wrong#pass1')).toBe(Code.ACCOUNT_LOCKED);
    expect(await signIn('budget_ok', STAFF_PASSWORD)).toBe(200);
    expect(await signIn('nobody_here', 'Wrong#pass1')).toBe(Code.USER_NOT_EXIST);
    expect(await signIn('budget_ok', STAFF_PASSWORD)).toBe(200);
    expect(await signIn('budget_ok', 'Wrong#pass1')).toBe(401);
    // Four failures: the fifth attempt is refused, with the right password too.
    expect(await signIn('budget_ok', STAFF_PASSWORD)).toBe(Code.TOO_MANY_ATTEMPTS);
  });
});
