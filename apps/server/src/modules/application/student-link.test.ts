import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import {
  searchText,
  type ApplicationListItem,
  type ApplicationSaved,
  type ApplicationView,
  type Page,
} from '@study-crm/shared';
import * as applicationContact from '../../db/migrations/20261207_0090_application_contact.js';
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

  // Decision 349: the contact is kept as member rows keep it, so the student already holding it is found.
  describe('found by the contact as member rows keep it', () => {
    const create = async (v: Values) => {
      const res = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(v), caller);
      expect(res.meta.code, res.meta.message).toBe(200);
      return res.data;
    };
    const holding = async (email: string) =>
      await t.db.db
        .selectFrom('member')
        .select(['id', 'memberType'])
        .where(sql<string>`lower(email)`, '=', email)
        .execute();

    it('links the student of a mobile typed with a trunk 0 and spaces, and keeps it as the national number', async () => {
      const first = await create({ email: null, areaCode: '886', mobile: '922000001' });
      const again = await create({ email: null, areaCode: '+886', mobile: '0922 000-001' });
      expect(first.studentId).toBeGreaterThan(0);
      expect(again.studentId).toBe(first.studentId);
      expect(await view(again.id)).toMatchObject({ areaCode: '886', mobile: '922000001' });
    });

    it('links the student of an e-mail typed in capitals, and keeps it in lower case', async () => {
      const first = await create({ email: 'Lin@Example.com', mobile: null });
      const again = await create({ email: 'lin@example.com', mobile: null });
      expect(again.studentId).toBe(first.studentId);
      expect((await view(first.id)).email).toBe('lin@example.com');
      expect(await holding('lin@example.com')).toEqual([{ id: first.studentId, memberType: 'student' }]);
    });

    it("never makes a student of a staff member's address typed in other capitals", async () => {
      const staffId = await staffWith(t, 'caps_staff', []);
      await t.db.db.updateTable('member').set({ email: 'caps.staff@example.com' }).where('id', '=', staffId).execute();
      const saved = await create({ email: 'Caps.Staff@Example.COM', mobile: null });
      expect(saved.studentId).toBeNull();
      expect(await holding('caps.staff@example.com')).toEqual([{ id: staffId, memberType: 'staff' }]);
    });

    it('re-writes the contacts kept as typed before, with their key and search text (migration 0090)', async () => {
      const { id } = await create({ email: 'old.contact@example.com', areaCode: '886', mobile: '933111222' });
      // The row as it was kept before: the e-mail as typed, the mobile with its trunk 0.
      const raw = t.db.db.withoutPlugins() as unknown as Kysely<unknown>;
      const typed = ['王小明', 'Wang Xiaoming', '王明', 'P1234567', 'Old.Contact@Example.com', '0933111222'];
      await sql`update application set email = ${typed[4]}, mobile = ${typed[5]}, email_key = 'old.contact@example.com',
        search_text = ${searchText(typed)} where id = ${id}`.execute(raw);
      const listed = async (keyword: string) =>
        (await t.get<Page<ApplicationListItem>>(`${BASE}/list`, { keyword }, caller)).data.list.map((r) => r.id);
      await applicationContact.up(raw);
      expect(await view(id)).toMatchObject({ email: 'old.contact@example.com', areaCode: '886', mobile: '933111222' });
      expect(await listed('933111222')).toEqual([id]);
      // Typed as people write it, with its trunk 0 (searchWords drops it).
      expect(await listed('0933 111 222')).toEqual([id]);
      expect(await listed('0933111222')).toEqual([id]);
      expect(await listed('old.contact@example.com')).toEqual([id]);
      const keys = await t.db.db
        .selectFrom('application')
        .select(['emailKey', 'searchText'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(keys).toEqual({
        emailKey: 'old.contact@example.com',
        searchText: searchText(['王小明', 'Wang Xiaoming', '王明', 'P1234567', 'old.contact@example.com', '933111222']),
      });
    });
  });
});
