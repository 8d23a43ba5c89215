import { CamelCasePlugin, type QueryId, type UnknownRow } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CamelCaseRows } from './camel-case.js';

const queryId = { queryId: 'q' } as QueryId;
const mapped = async (plugin: CamelCasePlugin, rows: UnknownRow[]) =>
  (await plugin.transformResult({ queryId, result: { rows } })).rows;

describe('CamelCaseRows', () => {
  it("maps rows as Kysely's CamelCasePlugin does: keys, their order, nested objects and values left as they are", async () => {
    const when = new Date(0);
    const bytes = Buffer.from([1, 2]);
    const bare = Object.assign(Object.create(null) as UnknownRow, { inner_key: 1 });
    class Kept {
      some_field = 1;
    }
    const rows = (): UnknownRow[] => [
      {
        id: 1,
        application_date: 20260101,
        eng_last_name: 'Chan',
        a_b: 'first',
        aB: 'second', // two columns of one camelCase name: the later wins, in the first one's place
        when,
        bytes,
        none: null,
        json_col: { nested_key: { deeper_key: [1, { deepest_key: true }] } },
        list_col: [{ item_key: 1 }, 2, 'x', null, when],
        bare,
        kept: new Kept(),
        col_2: 2,
      },
      {
        id: 2,
        application_date: 3,
        eng_last_name: null,
        a_b: 'x',
        aB: 'y',
        when: null,
        bytes: null,
        none: 0,
        json_col: null,
        list_col: [],
        bare: null,
        kept: null,
        col_2: 0,
      },
    ];
    const ours = await mapped(new CamelCaseRows(), rows());
    const theirs = await mapped(new CamelCasePlugin(), rows());
    expect(ours).toEqual(theirs);
    expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
    expect(ours.map((r) => Object.keys(r))).toEqual(theirs.map((r) => Object.keys(r)));
    expect(ours[0]!.when).toBe(when);
    expect(ours[0]!.bytes).toBe(bytes);
    expect(ours[0]!.kept).toBeInstanceOf(Kept);
  });

  it('keeps one maker per list of columns, and answers empty and odd results as the plugin does', async () => {
    const plugin = new CamelCaseRows();
    expect(await mapped(plugin, [])).toEqual([]);
    expect(await mapped(plugin, [{ a_b: 1 }])).toEqual([{ aB: 1 }]);
    expect(await mapped(plugin, [{ a_b: 2, c_d: 3 }])).toEqual([{ aB: 2, cD: 3 }]);
    expect(await mapped(plugin, [{ a_b: 4 }])).toEqual([{ aB: 4 }]);
    const result = { numAffectedRows: 1n, rows: [] };
    expect(await plugin.transformResult({ queryId, result })).toEqual(result);
  });

  it("never sets a row's prototype from a column named __proto__", async () => {
    const row = () => JSON.parse('{"__proto__": {"polluted": true}, "a_b": 1}') as UnknownRow;
    const [ours] = await mapped(new CamelCaseRows(), [row()]);
    expect(Object.getPrototypeOf(ours)).toBe(Object.prototype);
    expect(ours).toEqual((await mapped(new CamelCasePlugin(), [row()]))[0]);
    expect(ours).toEqual({ _Proto: { polluted: true }, aB: 1 });
  });
});
