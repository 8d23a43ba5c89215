import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE_NAME } from '@study-crm/shared';
import { ADMIN_LOGIN, startTestApp, testClock, type TestApp } from '../../test/harness.js';
import { countingDb } from '../../test/statement-count.js';
import { createSessionRepository } from './session.repository.js';
import { createSessionService } from './session.service.js';

const PROFILE = '/api/v1/member/profile';

// Issue 43: the profile, every screen's first call, is read by the session check in its own statement (the route's
// `carry`), so the call runs one statement where it ran two.
describe('the session check carries the profile', () => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t?.close());

  it('reads the session, its permissions and the profile in one statement', async () => {
    const { token, mid } = await t.login();
    const { db, statements } = countingDb(t.db.db);
    const sessions = createSessionService(createSessionRepository(db), t.config, clock);

    const member = await sessions.authenticate(token, 'profile');
    expect(statements).toHaveLength(1);
    expect(member).toMatchObject({ id: mid, carried: { id: mid, loginName: ADMIN_LOGIN, walletAddress: null } });
    expect(member!.perms.size).toBeGreaterThan(0);
    const roles = JSON.parse(String(member!.carried!.roleList)) as { name: string }[];
    expect(roles.map((r) => r.name)).toContain(ADMIN_ROLE_NAME);
    // (The carried read is the statement's row: the session's own columns stand beside the member's under names
    // of their own, so the member's id is the member's, decision 297.)
    expect(member!.carried).toMatchObject({ id: mid, sessionId: member!.sessionId, memberId: mid });

    // Without a carried read, none comes back.
    expect((await sessions.authenticate(token))!.carried).toBeUndefined();
    expect(statements).toHaveLength(2);
  });

  it("answers the member's names as they are at the call", async () => {
    const { token } = await t.login();
    const before = await t.get<{ nickName: string | null; roles: unknown[] }>(PROFILE, {}, { token });
    expect(before.meta.code).toBe(200);
    expect(before.data.roles.length).toBeGreaterThan(0);
    const saved = await t.post('/api/v1/member/profile/update', { nickName: 'Carried' }, { token });
    expect(saved.meta.code, saved.meta.message).toBe(200);
    const after = await t.get<{ nickName: string | null }>(PROFILE, {}, { token });
    expect(after.data.nickName).toBe('Carried');
  });

  it("answers the profile's fields only: none of the session's columns carried beside them", async () => {
    const { token } = await t.login();
    const res = await t.get<Record<string, unknown>>(PROFILE, {}, { token });
    expect(res.meta.code).toBe(200);
    // (The carried row also holds the session's id, times and, on PostgreSQL, its token hash: decision 312.) The
    // session's limits are answered as two numbers of their own (decision 352).
    const { session: limits, ...profile } = res.data;
    expect(Object.keys(limits as object).sort()).toEqual(['endsInSeconds', 'idleSeconds']);
    expect(JSON.stringify(profile)).not.toMatch(/session|tokenHash|lastSeen|expiresAt|accessVersion|perms/i);
  });
});
