import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationSaved, FollowUp } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';
import { onPostgres } from '../../test/engine.js';
import { countingDb } from '../../test/statement-count.js';
import { createFollowUpRepository, followProgressJson } from '../follow-up/index.js';
import { createPeopleRepository } from '../people/index.js';
import { createApplicationRepository } from './application.repository.js';

const FOLLOW = '/api/v1/mc/followUp';

// Issue 43, decision 288: on PostgreSQL the list's page statement reads its rows' teachers' names and follow-up
// progress from the people and follow-up modules' subqueries, one statement where there were three; they are what
// those modules' own reads answer (a removed teacher named too, an application without items absent).
describe('applications list: names and progress read in the page statement', () => {
  const t = useTestApp({ signIn: true });
  const ids: number[] = [];
  let signing: number;
  let follow: number;

  beforeAll(async () => {
    signing = await staffWith(t, 'carriedSigning', []);
    follow = await staffWith(t, 'carriedFollow', []);
    const school = (name: string) => ({ school: name, major: 'Law', applicationDate: '2026-10-15' });
    for (const v of [
      { signingTeacherId: signing, followTeacherId: follow },
      { signingTeacherId: signing, targetSchools: '[]' },
      { targetSchools: JSON.stringify(['Zeta University', 'Alpha College', 'Middle School'].map(school)) },
    ]) {
      const res = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(v), t.admin);
      expect(res.meta.code, res.meta.message).toBe(200);
      ids.push(res.data.id);
    }
    // Two items on the first application, one done.
    for (const service of ['visa', 'accommodation']) {
      const res = await t.post<FollowUp>(`${FOLLOW}/add`, { applicationId: ids[0]!, service }, t.admin);
      expect(res.meta.code, res.meta.message).toBe(200);
      if (service === 'visa') await t.post(`${FOLLOW}/done`, { id: res.data.id, isDone: 1 }, t.admin);
    }
    // The follow teacher leaves: history still names them.
    await t.db.db.updateTable('member').set({ deletedAt: Date.now() }).where('id', '=', follow).execute();
  });

  it('answers what the people and follow-up modules read, in one statement on PostgreSQL, and the schools', async () => {
    const { db, statements } = countingDb(t.db.db);
    const repo = createApplicationRepository(db, { followProgress: followProgressJson });
    const page = await repo.list({ sortField: 'applicationDate', order: 'desc', limit: 20, offset: 0 });
    expect(page.rows.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    // Each row's target schools in their order, none for none: carried on both engines (decision 328).
    expect(ids.map((id) => page.schools.get(id))).toEqual([
      ['University College London'],
      [],
      ['Zeta University', 'Alpha College', 'Middle School'],
    ]);
    if (!onPostgres) {
      // SQLite: the service reads the names and progress (in-process calls); the page carries neither.
      expect(page.names).toBeUndefined();
      expect(page.progress).toBeUndefined();
      return;
    }
    // The page, its total and target schools, the names and the progress: one statement.
    expect(statements).toHaveLength(1);
    const people = createPeopleRepository(t.db.db);
    const teacherIds = page.rows.flatMap((r) => [r.signingTeacherId, r.followTeacherId]);
    expect(page.names).toEqual(await people.names(teacherIds));
    expect(page.names!.get(follow)).toEqual({ id: follow, name: 'carriedFollow Teacher' });
    const progress = await createFollowUpRepository(t.db.db).progressOf(page.rows.map((r) => r.id));
    expect(page.progress).toEqual(progress);
    expect(page.progress!.get(ids[0]!)).toEqual({ done: 1, total: 2 });
    expect(page.progress!.has(ids[2]!)).toBe(false);
  });

  it('shows the same on the list screen', async () => {
    const list = await t.get<{ list: Record<string, unknown>[] }>(
      `${BASE}/list`,
      { pageNum: 1, pageSize: 20 },
      t.admin,
    );
    const byId = new Map(list.data.list.map((r) => [r.id as number, r]));
    expect(byId.get(ids[0]!)).toMatchObject({
      signingTeacher: { id: signing, name: 'carriedSigning Teacher' },
      followTeacher: { id: follow, name: 'carriedFollow Teacher' },
      followDone: 1,
      followTotal: 2,
      completionRatio: 50,
    });
    expect(byId.get(ids[1]!)).toMatchObject({
      followTeacher: null,
      followTotal: 0,
      completionRatio: 0,
      targetSchools: [],
    });
    expect(byId.get(ids[2]!)!.targetSchools).toEqual(['Zeta University', 'Alpha College', 'Middle School']);
  });
});
