import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { Code, type ApplicationSaved, type ApplicationView } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import type { Values } from '../../test/harness.js';
import { BASE } from '../../test/application-fixtures.js';
import { createApplicationRepository } from './application.repository.js';

// Decision 370: the form's create asks whether the student already applied for a course (and intake); a caller
// that does not ask (the spec's own create) creates as before. Decision 372: its edit asks too; the race of two
// saves is in duplicate-race.test.ts.
describe('a new application naming a course the student already applied for', () => {
  const t = useTestApp({ signIn: true });
  let cycleId: number;

  beforeAll(async () => {
    const cycles = await t.get<{ id: number }[]>('/api/v1/mc/admissionsCycle/options', {}, { token: t.admin.token });
    cycleId = cycles.data[0]!.id;
  });

  const choices = (...c: Record<string, unknown>[]) => JSON.stringify(c);
  const create = (values: Values, locale?: string) =>
    t.post<ApplicationSaved>(`${BASE}/create`, { checkDuplicate: 1, ...values }, { token: t.admin.token, locale });
  const created = async (values: Values) => {
    const res = await create(values);
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data;
  };
  const countOf = async (name: string) =>
    Number(
      (
        await t.db.db
          .selectFrom('application')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses with 7944 naming the application and the course, writes nothing, and creates once confirmed', async () => {
    const first = await created({
      name: '重複申請',
      email: 'dup.passport@example.com',
      passportNo: 'dp 100 200',
      targetSchools: choices({ school: 'UCL', major: 'Law', cycleId }, { school: 'LSE' }),
    });
    // Known by the passport number alone (another e-mail).
    const again = {
      name: '重複申請',
      email: 'dup.other@example.com',
      passportNo: 'DP100200',
      targetSchools: choices({ school: 'KCL' }, { school: 'UCL', major: 'Law', cycleId }),
    };
    const refused = await create(again);
    expect(refused.meta).toEqual({
      code: Code.APPLICATION_DUPLICATE,
      message: `This student already has application #${first.id} with UCL · Law for the same intake`,
    });
    // (The form's link to it, decision 372.)
    expect(refused.data).toEqual({ applicationId: first.id });
    const zh = await create(again, 'zh-TW');
    expect(zh.meta.message).toBe(`此學生已有申請 #${first.id} 含「UCL · Law」同一入學期的志願`);
    // A choice with no cycle meets the other's with none: the message does not call that an intake.
    const noIntake = await create({ ...again, targetSchools: choices({ school: 'LSE' }) });
    expect(noIntake.meta).toEqual({
      code: Code.APPLICATION_DUPLICATE,
      message: `This student already has application #${first.id} with LSE (no intake named on either)`,
    });
    expect(await countOf('重複申請')).toBe(1);
    // The user confirmed: the form sends it again without the check.
    const { checkDuplicate: _asked, ...confirmed } = { checkDuplicate: 1, ...again };
    const res = await t.post<ApplicationSaved>(`${BASE}/create`, confirmed, { token: t.admin.token });
    expect(res.meta.code, res.meta.message).toBe(200);
    expect(await countOf('重複申請')).toBe(2);
    // The school, course and intake must all match: the course's other intake and another course are new choices.
    await created({
      name: '重複申請',
      email: 'dup.passport@example.com',
      passportNo: 'DP100200',
      targetSchools: choices({ school: 'UCL', major: 'Law' }, { school: 'UCL', major: 'History', cycleId }),
    });
  });

  it('finds the student by e-mail, by mobile, by the student chosen or linked, and not by a deleted application', async () => {
    const byMail = await created({
      name: '郵件學生',
      email: 'dup.mail@example.com',
      areaCode: '886',
      mobile: '0911 000 111',
      targetSchools: choices({ school: 'Durham', major: 'Law' }),
    });
    const sameCourse = choices({ school: 'Durham', major: 'Law' });
    const codeOf = async (values: Values) => (await create({ targetSchools: sameCourse, ...values })).meta.code;
    expect(await codeOf({ name: '另一寫法', email: 'Dup.Mail@example.com' })).toBe(Code.APPLICATION_DUPLICATE);
    expect(await codeOf({ name: '另一寫法', areaCode: '+886', mobile: '911000111' })).toBe(Code.APPLICATION_DUPLICATE);
    expect(await codeOf({ name: '另一寫法', studentId: byMail.studentId!, email: 'new@example.com' })).toBe(
      Code.APPLICATION_DUPLICATE,
    );
    // The student the create links by contact: an application whose own e-mail was changed since is still theirs.
    const moved = await created({
      name: '改過郵件',
      email: 'dup.moved@example.com',
      targetSchools: choices({ school: 'York', major: 'Law' }),
    });
    await t.db.db
      .updateTable('application')
      .set({ email: 'dup.new@example.com', emailKey: 'dup.new@example.com' })
      .where('id', '=', moved.id)
      .execute();
    expect(
      await codeOf({
        name: '改過郵件',
        email: 'dup.moved@example.com',
        targetSchools: choices({ school: 'York', major: 'Law' }),
      }),
    ).toBe(Code.APPLICATION_DUPLICATE);
    // The same mobile with another area code is another person.
    expect(await codeOf({ name: '別國', areaCode: '44', mobile: '911000111' })).toBe(200);
    // (Applications are removed by erasure and retention, which mark them deleted.)
    await t.db.db.updateTable('application').set({ deletedAt: Date.now() }).where('id', '=', byMail.id).execute();
    expect(await codeOf({ name: '郵件學生', email: 'dup.mail@example.com' })).toBe(200);
  });

  // Decision 372: an edit asks too, for the choices it adds or changes, against the student's other applications.
  it('refuses an edit adding a course another application of the student holds, and asks only about what it adds', async () => {
    const student = { name: '編輯學生', email: 'dup.edit@example.com' };
    const warwick = { school: 'Warwick', major: 'Law', cycleId };
    const first = await created({ ...student, targetSchools: choices(warwick) });
    const second = await created({ ...student, targetSchools: choices({ school: 'Bath', major: 'Law' }) });
    const update = (id: number, version: number, targetSchools: string, more: Values = {}) =>
      t.post<ApplicationSaved>(
        `${BASE}/update`,
        { checkDuplicate: 1, ...student, id, version, targetSchools, ...more },
        { token: t.admin.token },
      );
    const viewOf = async (id: number) =>
      (await t.get<ApplicationView>(`${BASE}/view`, { id }, { token: t.admin.token })).data;

    const refused = await update(second.id, second.version, choices({ school: 'Bath', major: 'Law' }, warwick));
    expect(refused.meta).toEqual({
      code: Code.APPLICATION_DUPLICATE,
      message: `This student already has application #${first.id} with Warwick · Law for the same intake`,
    });
    expect(refused.data).toEqual({ applicationId: first.id });
    expect(await viewOf(second.id)).toMatchObject({ version: second.version, targetSchools: [{ school: 'Bath' }] });
    // A choice whose course changes into the other's is one the edit adds.
    expect((await update(second.id, second.version, choices({ ...warwick, major: null }))).meta.code).toBe(200);
    const changed = await viewOf(second.id);
    expect((await update(second.id, changed.version, choices(warwick))).meta.code).toBe(Code.APPLICATION_DUPLICATE);
    // A stale copy is refused as one (409), not asked about.
    expect((await update(second.id, second.version, choices(warwick))).meta.code).toBe(409);
    // Confirmed: saved without the check. From then on neither record is asked about the choice it already holds
    // (nor is a record its own duplicate).
    const { checkDuplicate: _asked, ...confirmed } = { checkDuplicate: 1, ...student };
    const saved = await t.post<ApplicationSaved>(
      `${BASE}/update`,
      { ...confirmed, id: second.id, version: changed.version, targetSchools: choices(warwick) },
      { token: t.admin.token },
    );
    expect(saved.meta.code, saved.meta.message).toBe(200);
    const kept = await update(second.id, saved.data.version, choices(warwick, { school: 'Bath' }), { city: 'Leeds' });
    expect(kept.meta.code, kept.meta.message).toBe(200);
    const own = await update(first.id, first.version, choices(warwick), { city: 'York' });
    expect(own.meta.code, own.meta.message).toBe(200);
  });

  // An edit's unchanged choices are left out only while its student is: another student (or a key linking another
  // student's applications) has every choice checked.
  it('refuses an edit moving an application to a student who holds its course, its choices unchanged', async () => {
    const course = choices({ school: 'KCL', major: 'Law', cycleId });
    const amyForm = { name: 'Amy', email: 'dup.amy@example.com', passportNo: 'AMY 123', targetSchools: course };
    const bobForm = { name: 'Bob', email: 'dup.bob@example.com', targetSchools: course };
    const amy = await created(amyForm);
    const bob = await created(bobForm);
    expect(bob.studentId).not.toBe(amy.studentId);
    const update = (version: number, more: Values, checkDuplicate: 0 | 1 = 1) =>
      t.post<ApplicationSaved>(
        `${BASE}/update`,
        { ...bobForm, id: bob.id, version, ...more, ...(checkDuplicate ? { checkDuplicate } : {}) },
        { token: t.admin.token },
      );
    const versionOf = async (id: number) =>
      (await t.get<ApplicationView>(`${BASE}/view`, { id }, { token: t.admin.token })).data.version;

    // Amy picked as the student, or her passport or e-mail typed in: each links her applications.
    for (const more of [
      { studentId: amy.studentId! },
      { passportNo: 'amy123' },
      { email: 'Dup.Amy@example.com' },
    ] satisfies Values[]) {
      const refused = await update(bob.version, more);
      expect(refused.meta.code, JSON.stringify(more)).toBe(Code.APPLICATION_DUPLICATE);
      expect(refused.data).toEqual({ applicationId: amy.id });
    }
    expect(await versionOf(bob.id)).toBe(bob.version);
    // Saved anyway: from then on an edit of a field that names no student is not asked about, on either record.
    const moved = await update(bob.version, { studentId: amy.studentId! }, 0);
    expect(moved.meta.code, moved.meta.message).toBe(200);
    const city = await update(moved.data.version, { studentId: amy.studentId!, city: 'Leeds' });
    expect(city.meta.code, city.meta.message).toBe(200);
    const editAmy = (version: number, more: Values) =>
      t.post<ApplicationSaved>(
        `${BASE}/update`,
        { checkDuplicate: 1, ...amyForm, id: amy.id, version, ...more },
        { token: t.admin.token },
      );
    const own = await editAmy(amy.version, { city: 'York' });
    expect(own.meta.code, own.meta.message).toBe(200);
    // A key dropped links nobody new.
    const fewer = await editAmy(own.data.version, { passportNo: '' });
    expect(fewer.meta.code, fewer.meta.message).toBe(200);
  });

  it('answers 400 naming checkDuplicate for a value other than 0 or 1', async () => {
    for (const bad of ['2', 'yes', '1\u0000']) {
      const res = await create({ name: '壞值', email: 'bad.flag@example.com', checkDuplicate: bad });
      expect(res.meta.code).toBe(400);
      expect(res.meta.message).toContain('checkDuplicate');
    }
    expect(await countOf('壞值')).toBe(0);
    const saved = await created({ name: '壞值編輯', email: 'bad.edit@example.com' });
    for (const bad of ['2', 'yes']) {
      const res = await t.post(
        `${BASE}/update`,
        { id: saved.id, version: saved.version, name: '壞值編輯', email: 'bad.edit@example.com', checkDuplicate: bad },
        { token: t.admin.token },
      );
      expect(res.meta.code).toBe(400);
      expect(res.meta.message).toContain('checkDuplicate');
    }
  });

  it('reads the student and the choices by their indexes, an edit’s too (SQLite plan)', async () => {
    if (t.db.dialect !== 'sqlite') return; // PostgreSQL's planner prefers a scan on tables this small
    for (const exceptId of [undefined, 7]) {
      const compiled = createApplicationRepository(t.db.db).heldChoicesSql(
        { memberId: 1, passportKey: 'X', emailKey: 'x@example.com', areaCode: '44', mobile: '1' },
        [{ school: 'KCL', major: null, cycleId: null }],
        exceptId,
      )!;
      const plan = (
        await t.db.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
        )
      ).rows
        .map((r) => r.detail)
        .join(' | ');
      for (const index of ['member', 'passport', 'email', 'mobile', 'target_school_app'])
        expect(plan).toContain(`application_${index}_ix`);
      expect(plan).not.toMatch(/SCAN (a|ts|application)\b/);
    }
  });
});
