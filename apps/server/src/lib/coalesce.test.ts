import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce.js';

// A run that ends when the test says, counting how many began.
function gate() {
  const ends: ((err?: Error) => void)[] = [];
  const run = () => new Promise<void>((resolve, reject) => ends.push((err) => (err ? reject(err) : resolve())));
  const end = async (err?: Error) => {
    ends.shift()!(err);
    // (Lets the settled run's callbacks, and the queued run's start, happen.)
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { run, end, began: () => ends.length };
}

describe('coalesce', () => {
  it('answers callers that came during a run with the next run, shared', async () => {
    const g = gate();
    const probe = coalesce(g.run);
    const first = probe();
    const waiting = [probe(), probe(), probe()];
    let answered = 0;
    for (const p of waiting) void p.then(() => (answered += 1));
    expect(g.began()).toBe(1);
    await g.end();
    await first;
    // The run they came during has ended: they are not answered by it, but by one that began after they called.
    expect(answered).toBe(0);
    expect(g.began()).toBe(1);
    await g.end();
    await Promise.all(waiting);
    expect(answered).toBe(3);
    // Nothing in flight: the next caller starts a run of its own.
    const later = probe();
    expect(g.began()).toBe(1);
    await g.end();
    await later;
  });

  it('hands a failed run to each of its callers, and the next run is tried afresh', async () => {
    const g = gate();
    const probe = coalesce(g.run);
    const first = probe();
    const second = probe();
    const third = probe();
    const failure = new Error('down');
    await g.end();
    await first;
    await g.end(failure);
    await expect(second).rejects.toBe(failure);
    await expect(third).rejects.toBe(failure);
    const next = probe();
    expect(g.began()).toBe(1);
    await g.end();
    await expect(next).resolves.toBeUndefined();
  });
});
