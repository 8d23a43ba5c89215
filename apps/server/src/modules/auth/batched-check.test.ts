import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERM } from '@study-crm/shared';
import { isPostgres } from '../../db/database.js';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { startTestApp, testClock, type TestApp } from '../../test/harness.js';
import { countingDb } from '../../test/statement-count.js';
import { createSessionRepository } from './session.repository.js';
import { createSessionService } from './session.service.js';

// Issue 43, decision 312: on PostgreSQL the session checks of calls that overlap are read in one statement (a round
// trip costs more there than the rows), each answered with its own session's member and permissions, and none by a
// statement that began before its call; SQLite reads each alone. Both engines.
describe('overlapping session checks', () => {
  const clock = testClock();
  let t: TestApp;
  let staff: { mid: number; token: string }[];
  let admin: { mid: number; token: string };
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { LOGIN_IP_MAX_ATTEMPTS: '1000' } });
    admin = await t.login();
    const role = await createRole(t.db.db, 'batch-readers', [PERM.applicationList]);
    staff = [];
    for (const name of ['batch-one', 'batch-two', 'batch-three']) {
      await createStaff(t.db.db, name, [role]);
      staff.push(await t.login(name, STAFF_PASSWORD));
    }
  });
  afterAll(() => t?.close());

  const sessionsOn = () => {
    const { db, statements } = countingDb(t.db.db);
    return { sessions: createSessionService(createSessionRepository(db), t.config, clock), statements };
  };

  it("answers each overlapping check with its own session's member and permissions", async () => {
    const { sessions, statements } = sessionsOn();
    const asked = [admin, ...staff, staff[0]!, admin, staff[2]!];
    const answers = await Promise.all(asked.map((s) => sessions.authenticate(s.token, 'profile')));
    expect(answers.map((a) => a?.id)).toEqual(asked.map((s) => s.mid));
    expect(answers.map((a) => a?.carried?.id)).toEqual(asked.map((s) => s.mid));
    for (const [i, a] of answers.entries()) {
      expect(a!.perms.has(PERM.applicationList)).toBe(true);
      // The administrator holds every permission, the staff only their role's.
      expect(a!.perms.has(PERM.roleList)).toBe(asked[i] === admin);
    }
    // PostgreSQL: the first check alone, the seven that came during it in one more statement. SQLite: one each.
    expect(statements).toHaveLength(isPostgres(t.db.db) ? 2 : asked.length);
  });

  it('does not answer a check with a statement that began before it: a session closed meanwhile is refused', async () => {
    const { sessions } = sessionsOn();
    const victim = await t.login('batch-two', STAFF_PASSWORD);
    const before = await sessions.authenticate(victim.token);
    expect(before?.id).toBe(staff[1]!.mid);
    // The victim's check on its way, their session closed, then their next call: that call must see the close, not
    // share the answer of the check before it. (Whether the earlier check is still in flight then depends on timing;
    // batch.test.ts proves the rule with runs the test ends itself.)
    const inFlight = sessions.authenticate(victim.token);
    await sessions.close(before!.sessionId);
    const after = sessions.authenticate(victim.token);
    expect([staff[1]!.mid, undefined]).toContain((await inFlight)?.id);
    expect(await after).toBeNull();
  });

  it('refuses an unknown token among known ones, and answers the others', async () => {
    const { sessions } = sessionsOn();
    const answers = await Promise.all([
      sessions.authenticate(staff[0]!.token),
      sessions.authenticate('not-a-token'),
      sessions.authenticate(staff[2]!.token),
    ]);
    expect(answers.map((a) => a?.id ?? null)).toEqual([staff[0]!.mid, null, staff[2]!.mid]);
  });
});
