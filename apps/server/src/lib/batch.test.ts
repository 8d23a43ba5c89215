import { describe, expect, it } from 'vitest';
import { batchByKey } from './batch.js';

// Runs that end when the test says, each answering its keys doubled (but 'gone', which it does not find), with the
// keys each run was given.
function gate() {
  const runs: { keys: readonly string[]; end: (err?: Error) => void }[] = [];
  const runMany = (keys: readonly string[]) =>
    new Promise<ReadonlyMap<string, string>>((resolve, reject) =>
      runs.push({
        keys,
        end: (err) => (err ? reject(err) : resolve(new Map(keys.filter((k) => k !== 'gone').map((k) => [k, k + k])))),
      }),
    );
  let ended = 0;
  const end = async (err?: Error) => {
    runs[ended++]!.end(err);
    // (Lets the settled run's callbacks, and the gathered run's start, happen.)
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { runMany, end, keysOf: (i: number) => runs[i]?.keys };
}

describe('batchByKey', () => {
  it("starts a lone caller's run at once, and gathers callers that come during it into the next run", async () => {
    const g = gate();
    const lookup = batchByKey(g.runMany);
    const first = lookup('a');
    expect(g.keysOf(0)).toEqual(['a']);
    const during = [lookup('b'), lookup('a'), lookup('gone'), lookup('b')];
    let answered = 0;
    for (const p of during) void p.then(() => (answered += 1));
    await g.end();
    await expect(first).resolves.toBe('aa');
    // The run they came during has ended without answering them; the next one, begun after they called, reads each
    // key once ('a' again: the answer the first run gave is not handed to a later caller).
    expect(answered).toBe(0);
    expect(g.keysOf(1)).toEqual(['b', 'a', 'gone']);
    await g.end();
    await expect(Promise.all(during)).resolves.toEqual(['bb', 'aa', undefined, 'bb']);
    // Nothing in flight: the next caller's run starts at once.
    const later = lookup('c');
    expect(g.keysOf(2)).toEqual(['c']);
    await g.end();
    await expect(later).resolves.toBe('cc');
  });

  it('hands a failed run to each of its callers, and the next run is tried afresh', async () => {
    const g = gate();
    const lookup = batchByKey(g.runMany);
    const first = lookup('a');
    const gathered = [lookup('b'), lookup('c'), lookup('b')];
    await g.end();
    await expect(first).resolves.toBe('aa');
    expect(g.keysOf(1)).toEqual(['b', 'c']);
    const failure = new Error('down');
    await g.end(failure);
    for (const p of gathered) await expect(p).rejects.toBe(failure);
    // The failure is not kept: the next caller of the same key gets a run of its own.
    const again = lookup('b');
    expect(g.keysOf(2)).toEqual(['b']);
    await g.end();
    await expect(again).resolves.toBe('bb');
  });

  it('hands a run that throws before its promise to its callers, and goes on', async () => {
    let calls = 0;
    const lookup = batchByKey<string, string>((keys) => {
      calls += 1;
      if (calls === 1) throw new Error('bad');
      return Promise.resolve(new Map(keys.map((k) => [k, k])));
    });
    await expect(lookup('a')).rejects.toThrow('bad');
    await expect(lookup('a')).resolves.toBe('a');
  });
});
