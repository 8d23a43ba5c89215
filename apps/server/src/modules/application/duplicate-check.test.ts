import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { Code, type ApplicationSaved } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import type { Values } from '../../test/harness.js';
import { BASE } from '../../test/application-fixtures.js';
import { createApplicationRepository } from './application.repository.js';

// Decision 370: the form's create asks whether the student already applied for a course (and intake); a caller
// that does not ask (the spec's own create) creates as before.
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

  it('answers 400 naming checkDuplicate for a value other than 0 or 1', async () => {
    for (const bad of ['2', 'yes', '1\u0000']) {
      const res = await create({ name: '壞值', email: 'bad.flag@example.com', checkDuplicate: bad });
      expect(res.meta.code).toBe(400);
      expect(res.meta.message).toContain('checkDuplicate');
    }
    expect(await countOf('壞值')).toBe(0);
  });

  it('reads the student and the choices by their indexes (SQLite plan)', async () => {
    if (t.db.dialect !== 'sqlite') return; // PostgreSQL's planner prefers a scan on tables this small
    const compiled = createApplicationRepository(t.db.db).heldChoicesSql(
      { memberId: 1, passportKey: 'X', emailKey: 'x@example.com', areaCode: '44', mobile: '1' },
      [{ school: 'KCL', major: null, cycleId: null }],
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
  });
});
