import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { TEST_CAPTCHA } from '../../test/harness.js';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';

const countOf = (codes: number[], code: number) => codes.filter((c) => c === code).length;

// Issue 13, must fix 3: failures are counted atomically, so guesses arriving at once cannot slip past the limit.
describe('lockout under parallel guesses', () => {
  // The per-address limit is set high so that only the per-account lock is measured.
  const t = useTestApp({ env: { LOGIN_MAX_FAILURES: '5', LOGIN_IP_MAX_ATTEMPTS: '1000' } });

  beforeAll(async () => {
    const role = await createRole(t.db.db, 'ROLE_PLAIN', []);
    await createStaff(t.db.db, 'target', [role]);
    await createStaff(t.db.db, 'changer', [role]);
  });

  it('locks after 5 failures when 25 wrong guesses arrive at once; the right password is then refused', async () => {
    const keys = await Promise.all(Array.from({ length: 25 }, () => t.captcha()));
    const codes = (
      await Promise.all(
        keys.map((key) =>
          t.post('/api/v1/mc/auth/login/loginName', {
            loginName: 'target',
            password: 'Wrong#guess2026',
            key,
            code: TEST_CAPTCHA,
          }),
        ),
      )
    ).map((r) => r.meta.code);
    // Exactly four guesses were checked and told "incorrect"; the fifth locked; the other twenty never got checked.
    expect(countOf(codes, 401)).toBe(4);
    expect(countOf(codes, 1002)).toBe(21);
    const key = await t.captcha();
    const right = await t.post('/api/v1/mc/auth/login/loginName', {
      loginName: 'target',
      password: STAFF_PASSWORD,
      key,
      code: TEST_CAPTCHA,
    });
    expect(right.meta.code).toBe(1002);
  });

  it('limits wrong current passwords on a password change the same way', async () => {
    const { token } = await t.login('changer', STAFF_PASSWORD);
    const change = (oldPassword: string) =>
      t.post('/api/v1/member/password/change', { oldPassword, newPassword: 'Brand#new2026' }, { token });
    const codes = (await Promise.all(Array.from({ length: 25 }, () => change('Wrong#guess2026')))).map(
      (r) => r.meta.code,
    );
    expect(countOf(codes, 400)).toBe(4);
    expect(countOf(codes, 1005)).toBe(21);
    const right = await change(STAFF_PASSWORD);
    expect(right.meta.code).toBe(1005);
    expect(right.meta.message).toContain('Too many wrong current passwords');
  });
});
