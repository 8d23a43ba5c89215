import { beforeAll, describe, expect, it } from 'vitest';
import type { Label } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { whileHeld } from '../../test/while-held.js';
import { expectParamError } from '../../test/expect-envelope.js';

const BASE = '/api/v1/mc/labels';

// Decision 367: a member's labels set by several calls at once, or naming a label being deleted, answer 200 or 400
// naming labelIds, never 500 (decision 36).
describe("setting a member's labels at once (both engines)", () => {
  const t = useTestApp({ signIn: true });
  let ids: number[];

  beforeAll(async () => {
    ids = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await t.post<Label>(`${BASE}/add`, { name: `race ${i}`, sort: i }, t.admin)).data.id);
    }
  });

  const assign = (labelIds: number[]) =>
    t.post(`${BASE}/assign`, { userId: t.admin.mid, labelIds: labelIds.join(',') }, t.admin);
  const linked = async () =>
    (await t.db.db.selectFrom('memberLabel').select('labelId').where('memberId', '=', t.admin.mid).execute())
      .map((r) => r.labelId)
      .sort((x, y) => x - y);

  it('answers every one of them, and one of the sets wins whole', async () => {
    const sets = [ids, ids.slice(0, 2), ids.slice(1), [ids[3]!, ids[0]!], ids, ids.slice(2)];
    for (let round = 0; round < 3; round++) {
      const codes = (await Promise.all(sets.map((s) => assign(s)))).map((r) => r.meta.code);
      expect(codes).toEqual(sets.map(() => 200));
      expect(sets.map((s) => [...s].sort((x, y) => x - y))).toContainEqual(await linked());
    }
  });

  it('refuses a label deleted while it is being set (400 naming labelIds)', async () => {
    const gone = (await t.post<Label>(`${BASE}/add`, { name: 'race gone' }, t.admin)).data.id;
    const res = await whileHeld(
      t.db,
      async (trx) => {
        await trx.deleteFrom('label').where('id', '=', gone).execute();
      },
      () => assign([ids[0]!, gone]),
    );
    expectParamError(res, 'labelIds');
  });
});
