import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardedHistory } from './history';

// The browser's history of the test page (jsdom), below a base as the portal's.
const BASE = '/base';
const where = () => window.location.pathname + window.location.search;
// jsdom moves through the history in a task of its own, as a browser does.
const popped = () => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));

function setup() {
  window.history.replaceState(null, '', `${BASE}/start`);
  const g = guardedHistory(BASE);
  const seen: string[] = [];
  const stop = g.history.listen(({ action, location }) => seen.push(`${action} ${location.pathname}`));
  return { g, seen, stop };
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('guardedHistory', () => {
  it('passes navigations through while no guard asks', () => {
    const { g, seen, stop } = setup();
    cleanup = stop;
    g.history.push(`${BASE}/a?x=1`);
    g.history.replace(`${BASE}/b`);
    expect(where()).toBe(`${BASE}/b`);
    expect(seen).toEqual([`PUSH ${BASE}/a`, `REPLACE ${BASE}/b`]);
    expect(g.path()).toBe('/b');
  });

  it('gives a guard the paths below the base, and waits for its answer', async () => {
    const { g, seen, stop } = setup();
    cleanup = stop;
    const asked: string[] = [];
    let answer!: (ok: boolean) => void;
    const remove = g.guard((from, to) => {
      asked.push(`${from} → ${to}`);
      return new Promise<boolean>((resolve) => (answer = resolve));
    });

    g.history.push(`${BASE}/a?x=1`);
    expect(asked).toEqual(['/start → /a?x=1']);
    expect(where()).toBe(`${BASE}/start`);
    answer(false);
    await Promise.resolve();
    expect(where()).toBe(`${BASE}/start`);
    expect(seen).toEqual([]);

    g.history.push(`${BASE}/a`);
    answer(true);
    await vi.waitFor(() => expect(where()).toBe(`${BASE}/a`));
    expect(seen).toEqual([`PUSH ${BASE}/a`]);

    remove();
    g.history.push(`${BASE}/c`);
    expect(where()).toBe(`${BASE}/c`);
  });

  it('lets a guard answering true pass at once', () => {
    const { g, stop } = setup();
    cleanup = stop;
    g.guard(() => true);
    g.history.push(`${BASE}/a`);
    expect(where()).toBe(`${BASE}/a`);
  });

  it('moves the address back on the back button, and on again when the member leaves', async () => {
    const { g, seen, stop } = setup();
    cleanup = stop;
    g.history.push(`${BASE}/a`);
    g.history.push(`${BASE}/b`);
    let answer!: (ok: boolean) => void;
    const asked: string[] = [];
    g.guard((from, to) => {
      asked.push(`${from} → ${to}`);
      return new Promise<boolean>((resolve) => (answer = resolve));
    });

    // Stay: the address returns to /b and the router hears nothing.
    let moved = popped();
    window.history.back();
    await moved;
    moved = popped();
    await moved;
    expect(where()).toBe(`${BASE}/b`);
    expect(asked).toEqual(['/b → /a']);
    answer(false);
    await Promise.resolve();
    expect(seen).toEqual([`PUSH ${BASE}/a`, `PUSH ${BASE}/b`]);

    // Leave: the address goes back to /a and the router hears it once.
    moved = popped();
    window.history.back();
    await moved;
    moved = popped();
    await moved;
    moved = popped();
    answer(true);
    await moved;
    expect(where()).toBe(`${BASE}/a`);
    expect(seen).toEqual([`PUSH ${BASE}/a`, `PUSH ${BASE}/b`, `POP ${BASE}/a`]);
  });
});
