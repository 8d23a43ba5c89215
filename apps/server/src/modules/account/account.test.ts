import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { ADMIN_PASSWORD } from '../../test/harness.js';

const NEW_PASSWORD = 'Changed#2026pw';
const URL = '/api/v1/member/password/change';

describe('own password change', () => {
  const t = useTestApp();

  it('refuses a wrong current password and changes nothing', async () => {
    const { token } = await t.login();
    const res = await t.post(URL, { oldPassword: 'Wrong#password1', newPassword: NEW_PASSWORD }, { token });
    expect(res.meta.code).toBe(400);
    expect(res.meta.message).toBe('Incorrect password');
    await expect(t.login()).resolves.toBeTruthy();
  });

  it('refuses a new password outside 8 to 20 characters, naming the field', async () => {
    const { token } = await t.login();
    const res = await t.post(URL, { oldPassword: ADMIN_PASSWORD, newPassword: 'short' }, { token });
    expect(res.meta.code).toBe(400);
    expect(res.meta.message).toContain('newPassword');
    const same = await t.post(URL, { oldPassword: ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD }, { token });
    expect(same.meta.code).toBe(400);
    expect(same.meta.message).toContain('newPassword');
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const keep = await t.login();
    const other = await t.login();
    const res = await t.post(URL, { oldPassword: ADMIN_PASSWORD, newPassword: NEW_PASSWORD }, { token: keep.token });
    expect(res.meta.code).toBe(200);
    expect((await t.get('/api/v1/member/profile', {}, { token: keep.token })).meta.code).toBe(200);
    expect((await t.get('/api/v1/member/profile', {}, { token: other.token })).meta.code).toBe(401);
    await expect(t.login()).rejects.toThrow();
    await expect(t.login(undefined, NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('refuses a signed-out caller', async () => {
    const res = await t.post(URL, { oldPassword: ADMIN_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.meta.code).toBe(401);
  });
});
