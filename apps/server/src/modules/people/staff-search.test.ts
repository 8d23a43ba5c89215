import { beforeAll, describe, expect, it } from 'vitest';
import type { Member, PersonOption, RoleMemberOption } from '@study-crm/shared';
import { createRole } from '../../test/access-fixtures.js';
import { useTestApp } from '../../test/signed-in.js';

// Issue 36: the staff pickers (project members, role members) find a colleague by any name they are shown by.
describe('staff pickers', () => {
  const t = useTestApp({ signIn: true });
  const ids = { amy: 0, zoe: 0, bob: 0, student: 0 };

  beforeAll(async () => {
    const roleIds = [await createRole(t.db.db, 'ROLE_PICKED', [])];
    const add = async (v: Record<string, string | number | number[]>) => {
      const res = await t.post<Member>('/api/v1/mc/member/add', { password: 'Staff#2026pass', roleIds, ...v }, t.admin);
      expect(res.meta, JSON.stringify(res.meta)).toMatchObject({ code: 200 });
      return res.data.id;
    };
    ids.amy = await add({
      engFirstName: 'Amy',
      engLastName: 'Chan',
      fullName: '陳美玲',
      nickName: 'Ames',
      loginName: 'achan',
      email: 'amy.chan@example.com',
    });
    ids.zoe = await add({ engFirstName: 'Zoë', engLastName: 'Müller', email: 'zm@example.com' });
    ids.bob = await add({ engFirstName: 'Bob', engLastName: 'Lee', email: 'bob.lee@example.com' });
    // A student of the same name: never a staff picker's option.
    ids.student = await add({
      engFirstName: 'Amy',
      engLastName: 'Chan',
      email: 'amy.student@example.com',
      memberType: 'student',
      roleIds: [],
    });
  });

  const project = async (keyword: string) => {
    const res = await t.get<PersonOption[]>('/api/v1/cake/projects/staffOptions', { keyword }, t.admin);
    expect(res.meta.code).toBe(200);
    return res.data;
  };
  const role = async (keyword: string) => {
    const res = await t.get<RoleMemberOption[]>('/api/v1/mc/sys/role/memberOptions', { keyword }, t.admin);
    expect(res.meta.code).toBe(200);
    return res.data;
  };
  const foundIds = (options: { id: number }[]) => options.map((o) => o.id);

  it.each([
    ['Amy', 'first name'],
    ['chan', 'last name'],
    ['Chan Amy', 'the name as shown'],
    ['amy chan', 'the other word order'],
    ['AM CH', 'parts of each word'],
  ])('finds Amy Chan by %s (%s) and says the name matched', async (keyword) => {
    for (const options of [await project(keyword), await role(keyword)]) {
      expect(foundIds(options)).toEqual([ids.amy]);
      expect(options[0]!.matched).toEqual([{ field: 'name', value: 'Chan Amy' }]);
    }
  });

  it('finds by a part of the e-mail, the Chinese name, the nickname and the login name, saying which', async () => {
    // (The project picker masks an e-mail but for what was typed.)
    expect(await project('chan@exam')).toEqual([
      { id: ids.amy, name: 'Chan Amy', matched: [{ field: 'email', value: '•••chan@exam•••' }] },
    ]);
    expect((await project('美玲'))[0]).toMatchObject({
      id: ids.amy,
      matched: [{ field: 'fullName', value: '陳美玲' }],
    });
    expect((await role('ames'))[0]).toMatchObject({ id: ids.amy, matched: [{ field: 'nickName', value: 'Ames' }] });
    // Words matched by different names: each name once, in the order the reasons are given.
    expect((await role('achan 陳'))[0]).toMatchObject({
      id: ids.amy,
      displayName: 'Chan Amy',
      loginName: 'achan',
      matched: [
        { field: 'fullName', value: '陳美玲' },
        { field: 'loginName', value: 'achan' },
      ],
    });
  });

  it('folds accents and case both ways', async () => {
    for (const keyword of ['zoe', 'ZOË', 'muller zoe']) {
      const options = await project(keyword);
      expect(foundIds(options), keyword).toEqual([ids.zoe]);
      expect(options[0]!.matched).toEqual([{ field: 'name', value: 'Müller Zoë' }]);
    }
  });

  it('never offers a student, and finds nothing when a word is in no name', async () => {
    expect(foundIds(await project('amy.student'))).toEqual([]);
    expect(foundIds(await role('amy'))).not.toContain(ids.student);
    expect(await project('amy lee')).toEqual([]);
    expect(await project('100%')).toEqual([]);
  });

  it('finds a member by the names they are given now', async () => {
    const res = await t.post<Member>(
      '/api/v1/mc/member/update',
      { id: ids.bob, engFirstName: 'Robért', email: 'rob.lee@example.com' },
      t.admin,
    );
    expect(res.meta.code).toBe(200);
    expect(foundIds(await project('bob'))).toEqual([]);
    expect(await project('robert lee')).toEqual([
      { id: ids.bob, name: 'Lee Robért', matched: [{ field: 'name', value: 'Lee Robért' }] },
    ]);
    expect((await role('rob.lee'))[0]).toMatchObject({ id: ids.bob, matched: [{ field: 'email' }] });
  });

  it('offers staff in name order without a keyword', async () => {
    const all = await project('');
    expect(all.every((o) => o.matched.length === 0)).toBe(true);
    const ours = all.filter((o) => [ids.amy, ids.bob, ids.zoe].includes(o.id)).map((o) => o.name);
    expect(ours).toEqual(['Chan Amy', 'Lee Robért', 'Müller Zoë']);
  });
});
