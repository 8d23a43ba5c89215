import { expect, it } from 'vitest';
import { referencedNames } from './sql-helpers.js';
import { engineFree } from '../test/engine.js';

engineFree.describe('referencedNames', () => {
  it('asks 500 names at a time and gathers what each answer finds, nulls left out', async () => {
    const names = Array.from({ length: 1201 }, (_, i) => `f${i}`);
    const asked: number[] = [];
    const found = await referencedNames(names, async (chunk) => {
      asked.push(chunk.length);
      const hits: { name: string | null }[] = chunk
        .filter((n) => Number(n.slice(1)) % 400 === 0)
        .map((name) => ({ name }));
      return [...hits, { name: null }];
    });
    expect(asked).toEqual([500, 500, 201]);
    expect([...found].sort()).toEqual(['f0', 'f1200', 'f400', 'f800']);
  });

  it('asks nothing for no names', async () => {
    let calls = 0;
    expect(await referencedNames([], async () => (calls++, []))).toEqual(new Set());
    expect(calls).toBe(0);
  });
});
