import { describe, expect, it } from 'vitest';
import { groupBy } from './group.js';

describe('groupBy', () => {
  it('gathers rows into lists by key, each list in the rows order', () => {
    const rows = [
      { id: 2, v: 'a' },
      { id: 1, v: 'b' },
      { id: 2, v: 'c' },
    ];
    const out = groupBy(
      rows,
      (r) => r.id,
      (r) => r.v,
    );
    expect([...out]).toEqual([
      [2, ['a', 'c']],
      [1, ['b']],
    ]);
    expect(groupBy([], String, String).size).toBe(0);
  });
});
