import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Role } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { createRole, createStaff } from '../../test/access-fixtures.js';

const R = '/api/v1/mc/sys/role';

// Decision 271: each role's live members as the role list shows them come from a counter the triggers of migration
// 0073 keep; after every kind of write they equal a count of the tables, on both engines.
describe("the role list's member counts", () => {
  const t = useTestApp({ signIn: true });
  let a: number;
  let b: number;
  let x: number;
  let y: number;
  let z: number;

  beforeAll(async () => {
    a = await createRole(t.db.db, 'ROLE_COUNT_A');
    b = await createRole(t.db.db, 'ROLE_COUNT_B');
    x = await createStaff(t.db.db, 'countx', [a, b]);
    y = await createStaff(t.db.db, 'county', [a]);
    z = await createStaff(t.db.db, 'countz', [b]);
  });

  // [the list's count, the tables' count] of A and B.
  const counts = async () => {
    const page = await t.get<Page<Role>>(`${R}/list`, { keyword: 'ROLE_COUNT', pageSize: 50 }, t.admin);
    expect(page.meta.code, page.meta.message).toBe(200);
    const listed = (id: number) => page.data.list.find((r) => r.id === id)?.memberCount ?? null;
    const counted = async (id: number) =>
      Number(
        (
          await t.db.db
            .selectFrom('memberRole')
            .innerJoin('member', 'member.id', 'memberRole.memberId')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('memberRole.roleId', '=', id)
            .where('member.deletedAt', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { a: [listed(a), await counted(a)], b: [listed(b), await counted(b)] };
  };
  const setDeleted = (id: number, at: number | null) =>
    t.db.db.updateTable('member').set({ deletedAt: at }).where('id', '=', id).execute();

  it('follow roles given and taken, members removed, restored and deleted outright', async () => {
    expect(await counts()).toEqual({ a: [2, 2], b: [2, 2] });

    // Removed through the call: no longer counted; restored: counted again.
    expect((await t.post('/api/v1/mc/member/remove', { id: y }, t.admin)).meta.code).toBe(200);
    expect(await counts()).toEqual({ a: [1, 1], b: [2, 2] });
    // A role given to a removed member does not count until the member is back.
    await t.db.db.insertInto('memberRole').values({ memberId: y, roleId: b }).execute();
    expect(await counts()).toEqual({ a: [1, 1], b: [2, 2] });
    await setDeleted(y, null);
    expect(await counts()).toEqual({ a: [2, 2], b: [3, 3] });

    // A role taken from a live member, and from a removed one.
    await t.db.db.deleteFrom('memberRole').where('memberId', '=', x).where('roleId', '=', a).execute();
    expect(await counts()).toEqual({ a: [1, 1], b: [3, 3] });
    await setDeleted(z, Date.now());
    expect(await counts()).toEqual({ a: [1, 1], b: [2, 2] });
    await t.db.db.deleteFrom('memberRole').where('memberId', '=', z).execute();
    await setDeleted(z, null);
    expect(await counts()).toEqual({ a: [1, 1], b: [2, 2] });

    // A member deleted outright takes its roles with it.
    await t.db.db.deleteFrom('member').where('id', '=', y).execute();
    expect(await counts()).toEqual({ a: [0, 0], b: [1, 1] });
    expect(await t.db.db.selectFrom('memberRole').select('roleId').where('memberId', '=', y).execute()).toEqual([]);
  });
});
