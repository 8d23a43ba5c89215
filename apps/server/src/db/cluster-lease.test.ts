import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/signed-in.js';
import { takeLease } from './cluster-lease.js';

describe('cluster lease', () => {
  const t = useTestApp();

  it('gives a lease to one holder at a time, keeps it for its holder, and passes it on once it runs out', async () => {
    const now = Date.now();
    const asked = await Promise.all(['a', 'b', 'c'].map((h) => takeLease(t.db.db, 'job', h, now, 1_000)));
    expect(asked.filter(Boolean)).toHaveLength(1);
    const holder = ['a', 'b', 'c'][asked.indexOf(true)]!;
    const other = holder === 'a' ? 'b' : 'a';
    expect(await takeLease(t.db.db, 'job', holder, now + 500, 1_000)).toBe(true);
    expect(await takeLease(t.db.db, 'job', other, now + 1_000, 1_000)).toBe(false);
    expect(await takeLease(t.db.db, 'job', other, now + 1_500, 1_000)).toBe(true);
    expect(await takeLease(t.db.db, 'job', holder, now + 1_600, 1_000)).toBe(false);
    expect(await takeLease(t.db.db, 'other-job', holder, now, 1_000)).toBe(true);
  });
});
