import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { PERM, type ApplicationSaved, type FollowUp, type FollowUpList } from '@study-crm/shared';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';

const FOLLOW = '/api/v1/mc/followUp';

describe('follow-up items', () => {
  const t = useTestApp({ signIn: true });
  let appId: number;
  let teacherId: number;

  beforeAll(async () => {
    teacherId = await staffWith(t, 'follower', []);
    appId = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(), t.admin)).data.id;
  });

  it('derives the completion ratio from the items: one of three done is 33%', async () => {
    const ids: number[] = [];
    for (const service of ['application_submission', 'visa', 'accommodation']) {
      const res = await t.post<FollowUp>(
        `${FOLLOW}/add`,
        {
          applicationId: appId,
          service,
          signingTeacherId: teacherId,
          followTeacherId: teacherId,
          contractDate: '2026-09-01',
          businessType: 'postgraduate',
        },
        t.admin,
      );
      expect(res.meta.code).toBe(200);
      ids.push(res.data.id);
    }
    const done = await t.post<FollowUp>(`${FOLLOW}/done`, { id: ids[0]!, isDone: 1 }, t.admin);
    expect(done.data).toMatchObject({ isDone: 1, number: 1, status: 'open' });
    expect(done.data.doneAt).toBeGreaterThan(0);

    const list = await t.get<FollowUpList>(`${FOLLOW}/list`, { applicationId: appId }, t.admin);
    expect(list.data).toMatchObject({ followDone: 1, followTotal: 3, completionRatio: 33 });
    expect(list.data.list.map((f) => f.number)).toEqual([1, 2, 3]);
    expect(list.data.list[1]).toMatchObject({
      service: 'visa',
      signingTeacher: { id: teacherId, name: 'follower Teacher' },
    });

    const simple = await t.get<{ completionRatio: number }>(`${BASE}/simpleInfo`, { id: appId }, t.admin);
    expect(simple.data.completionRatio).toBe(33);
    const page = await t.get<{ list: { id: number; completionRatio: number }[] }>(`${BASE}/list`, {}, t.admin);
    expect(page.data.list.find((r) => r.id === appId)?.completionRatio).toBe(33);
  });

  it('still saves the item of a teacher who has left; a departed teacher is not newly named', async () => {
    const leaving = await staffWith(t, 'left_follower', []);
    const other = await staffWith(t, 'left_earlier', []);
    const teachers = { signingTeacherId: leaving, followTeacherId: leaving };
    const add = await t.post<FollowUp>(
      `${FOLLOW}/add`,
      { applicationId: appId, service: 'visa', ...teachers },
      t.admin,
    );
    expect(add.meta.code, add.meta.message).toBe(200);
    await t.db.db.updateTable('member').set({ status: 'inactive' }).where('id', 'in', [leaving, other]).execute();
    const res = await t.post<FollowUp>(
      `${FOLLOW}/update`,
      { id: add.data.id, service: 'visa', internalNote: 'Handed over', ...teachers },
      t.admin,
    );
    expect(res.meta.code, res.meta.message).toBe(200);
    expect(res.data).toMatchObject({ internalNote: 'Handed over', followTeacher: { id: leaving } });
    expectParamError(
      await t.post(
        `${FOLLOW}/update`,
        { id: add.data.id, service: 'visa', ...teachers, followTeacherId: other },
        t.admin,
      ),
      'followTeacherId',
    );
  });

  it('edits an item and can take a done mark back', async () => {
    const add = await t.post<FollowUp>(
      `${FOLLOW}/add`,
      { applicationId: appId, service: 'pre_departure', isDone: 1 },
      t.admin,
    );
    const res = await t.post<FollowUp>(
      `${FOLLOW}/update`,
      {
        id: add.data.id,
        service: 'pre_departure',
        appliedSchool: 'UCL',
        attendedSchool: 'UCL',
        internalNote: 'Heathrow T2',
        status: 'closed',
        isDone: 0,
      },
      t.admin,
    );
    expect(res.data).toMatchObject({
      appliedSchool: 'UCL',
      internalNote: 'Heathrow T2',
      status: 'closed',
      isDone: 0,
      doneAt: null,
    });
  });

  it('refuses a ratio typed in, an empty service and an unknown application', async () => {
    const typed = await t.post(
      `${FOLLOW}/add`,
      { applicationId: appId, service: 'visa', completionRatio: 100 },
      t.admin,
    );
    // Unknown fields are ignored: the ratio stays derived.
    expect(typed.meta.code).toBe(200);
    const list = await t.get<FollowUpList>(`${FOLLOW}/list`, { applicationId: appId }, t.admin);
    expect(list.data.completionRatio).toBe(Math.round((list.data.followDone * 100) / list.data.followTotal));
    expect((await t.post(`${FOLLOW}/add`, { applicationId: appId, service: '' }, t.admin)).meta.message).toContain(
      'service is required',
    );
    expect((await t.post(`${FOLLOW}/add`, { applicationId: 424242, service: 'visa' }, t.admin)).meta.code).toBe(404);
  });

  it('refuses a service, status or business type that is not an enabled dictionary entry, naming the field', async () => {
    const before = (await t.get<FollowUpList>(`${FOLLOW}/list`, { applicationId: appId }, t.admin)).data.followTotal;
    const service = await t.post(`${FOLLOW}/add`, { applicationId: appId, service: 'pickup' }, t.admin);
    expectParamError(service, 'service is not an enabled option of dictionary follow_service');
    const business = await t.post(
      `${FOLLOW}/add`,
      { applicationId: appId, service: 'visa', businessType: 'language' },
      t.admin,
    );
    expectParamError(business, 'businessType');
    const status = await t.post(`${FOLLOW}/add`, { applicationId: appId, service: 'visa', status: 'done' }, t.admin);
    expectParamError(status, 'status is not an enabled option of dictionary follow_status');
    const after = (await t.get<FollowUpList>(`${FOLLOW}/list`, { applicationId: appId }, t.admin)).data.followTotal;
    expect(after).toBe(before);
  });

  it('refuses follow-up calls without the permission', async () => {
    await staffWith(t, 'readonly', [PERM.followList]);
    const { token: other } = await t.login('readonly', 'Staff#2026pass');
    expect((await t.get(`${FOLLOW}/list`, { applicationId: appId }, { token: other })).meta.code).toBe(200);
    expect((await t.post(`${FOLLOW}/add`, { applicationId: appId, service: 'visa' }, { token: other })).meta.code).toBe(
      403,
    );
    expect((await t.post(`${FOLLOW}/done`, { id: 1, isDone: 1 }, { token: other })).meta.code).toBe(403);
    expect((await t.post(`${FOLLOW}/update`, { id: 1, service: 'x' }, { token: other })).meta.code).toBe(403);
  });
});
