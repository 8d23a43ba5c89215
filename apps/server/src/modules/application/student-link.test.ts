import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import type { ApplicationSaved, ApplicationView } from '@study-crm/shared';
import { type Values } from '../../test/harness.js';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';

const SECTIONS = ['educations', 'jobs', 'languageScores', 'referrers', 'targetSchools'];

// Issue 13, must fix 2: the application's student travels as `studentId`; the common `memberId` names the caller.
describe('the student of an application', () => {
  const t = useTestApp();
  let caller: { token: string; mid: number };

  beforeAll(async () => {
    caller = await t.login();
  });

  const view = async (id: number) =>
    (await t.get<ApplicationView>(`${BASE}/view`, { id, memberId: caller.mid }, { token: caller.token })).data;

  // What the web form sends back: every field of the view (sections as JSON strings) plus the common parameters.
  const resend = (v: ApplicationView): Values => {
    const out: Values = {};
    for (const [k, value] of Object.entries(v)) {
      if (['createdAt', 'updatedAt'].includes(k)) continue;
      out[k] = SECTIONS.includes(k) ? JSON.stringify(value) : (value as string | number | null);
    }
    return { ...out, memberId: caller.mid };
  };

  it('never links a new application to the calling staff member through the common memberId', async () => {
    const res = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ memberId: caller.mid }), caller);
    expect(res.meta.code).toBe(200);
    expect(res.data.studentId).not.toBe(caller.mid);
    expect((await view(res.data.id)).studentId).toBe(res.data.studentId);
  });

  it('keeps the student when an update carries only the common memberId', async () => {
    const created = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ email: 'keep@example.com' }), caller);
    const studentId = created.data.studentId;
    const res = await t.post<ApplicationSaved>(
      `${BASE}/update`,
      fullForm({ id: created.data.id, version: 1, email: 'keep@example.com', memberId: caller.mid }),
      caller,
    );
    expect(res.meta.code).toBe(200);
    expect(res.data.studentId).toBe(studentId);
  });

  it('saves a student-linked application the way the web form does (view fields back), keeping its student', async () => {
    const created = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ email: 'web@example.com' }), caller);
    const before = await view(created.data.id);
    expect(before.studentId).toBeGreaterThan(0);
    expect(before).not.toHaveProperty('memberId');
    const res = await t.post<ApplicationSaved>(`${BASE}/update`, { ...resend(before), name: 'Renamed' }, caller);
    expect(res.meta).toMatchObject({ code: 200 });
    const after = await view(created.data.id);
    expect(after).toMatchObject({ name: 'Renamed', studentId: before.studentId });
  });

  it('re-links only through an explicit studentId, and refuses an unknown one naming studentId', async () => {
    const a = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ email: 'one@example.com' }), caller);
    const b = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ email: 'two@example.com' }), caller);
    const moved = await t.post<ApplicationSaved>(
      `${BASE}/update`,
      fullForm({ id: a.data.id, version: 1, email: 'one@example.com', studentId: b.data.studentId }),
      caller,
    );
    expect(moved.data.studentId).toBe(b.data.studentId);
    const unknown = await t.post(`${BASE}/update`, fullForm({ id: a.data.id, version: 2, studentId: 999999 }), caller);
    expect(unknown.meta.code).toBe(400);
    expect(unknown.meta.message).toContain('studentId');
  });

  it('links only a member of type student: a staff account (the administrator) is refused naming studentId', async () => {
    const staffId = await staffWith(t, 'not_a_student', []);
    for (const studentId of [caller.mid, staffId]) {
      const created = await t.post(`${BASE}/create`, fullForm({ email: 'staff-link@example.com', studentId }), caller);
      expect(created.meta.code).toBe(400);
      expect(created.meta.message).toContain('studentId');
    }
    const a = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ email: 'mine@example.com' }), caller);
    for (const studentId of [caller.mid, staffId]) {
      const updated = await t.post(
        `${BASE}/update`,
        fullForm({ id: a.data.id, version: 1, email: 'mine@example.com', studentId }),
        { ...caller, locale: 'en-US' },
      );
      expect(updated.meta).toEqual({
        code: 400,
        message: 'The student is not a student account. Check it and try again. [400 · studentId]',
      });
    }
    expect((await view(a.data.id)).studentId).toBe(a.data.studentId);
    // A student is linked.
    const b = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ email: 'mine@example.com', studentId: a.data.studentId }),
      caller,
    );
    expect(b.data.studentId).toBe(a.data.studentId);
  });
});
