import { expect } from 'vitest';
import type { Envelope } from './harness.js';

// A parameter error (400) whose message names the field at fault (or holds the given text).
export function expectParamError(res: Envelope, named: string): void {
  expect(res.meta.code, res.meta.message).toBe(400);
  expect(res.meta.message).toContain(named);
}

// A list's answers to each query: its total, and whether the page holds rows (an empty page still says the total).
export async function expectTotals<Q>(
  list: (q: Q) => Promise<Envelope<{ total: number; list: unknown[] }>>,
  cases: readonly (readonly [query: Q, total: number, rows: boolean])[],
): Promise<void> {
  for (const [q, total, rows] of cases) {
    const { meta, data } = await list(q);
    expect(meta.code, JSON.stringify(q)).toBe(200);
    expect(data.total, JSON.stringify(q)).toBe(total);
    expect(data.list.length > 0, JSON.stringify(q)).toBe(rows);
  }
}
