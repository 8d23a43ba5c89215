import { describe, expect, it } from 'vitest';
import { schedulePeriodic } from './periodic.js';

type Hook = () => Promise<void>;

function host() {
  const hooks: Record<string, Hook> = {};
  const errors: string[] = [];
  return {
    hooks,
    errors,
    app: {
      addHook: (name: 'onReady' | 'onClose', fn: Hook) => (hooks[name] = fn),
      log: { error: (_o: object, m: string) => errors.push(m) },
    },
  };
}
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('schedulePeriodic', () => {
  it('runs after start-up, never two runs at once, and closing waits for the run in flight', async () => {
    const h = host();
    let started = 0;
    let finish: () => void = () => undefined;
    const run = () => {
      started += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    schedulePeriodic(h.app, { run, everyMs: 1, failed: 'failed' });
    await h.hooks.onReady!();
    await tick();
    expect(started).toBe(1); // the interval fired meanwhile, but the first run had not ended
    let closed = false;
    const closing = h.hooks.onClose!().then(() => (closed = true));
    await tick();
    expect(closed).toBe(false);
    finish();
    await closing;
    await tick();
    expect(started).toBe(1); // nothing runs after the close
  });

  it('logs a failed run and goes on', async () => {
    const h = host();
    let runs = 0;
    const run = async () => {
      runs += 1;
      if (runs === 1) throw new Error('boom');
    };
    schedulePeriodic(h.app, { run, everyMs: 1, failed: 'the run failed' });
    await h.hooks.onReady!();
    await tick();
    await h.hooks.onClose!();
    expect(h.errors[0]).toBe('the run failed');
    expect(runs).toBeGreaterThan(1);
  });
});
