import { describe, expect, it } from 'vitest';
import { sessionPhase } from './sessionPhase';

const MIN = 60_000;
const HOUR = 60 * MIN;

// Decision 352: the frame's view of a session's limits (the server's: 120 minutes idle, a fixed end).
describe('sessionPhase', () => {
  const last = 1_000 * HOUR;
  const limits = { idleSeconds: 120 * 60, endsAt: last + 10 * HOUR };

  it('warns two minutes before the idle end, which it takes a minute early (the server notes calls once a minute)', () => {
    expect(sessionPhase(limits, last, last + 116 * MIN)).toEqual({ kind: 'active', next: last + 117 * MIN });
    expect(sessionPhase(limits, last, last + 117 * MIN)).toEqual({ kind: 'idleWarning', endsAt: last + 119 * MIN });
    expect(sessionPhase(limits, last, last + 119 * MIN)).toEqual({ kind: 'ended' });
  });

  it('tells the fixed end five minutes before it, and ends there however recent the last call', () => {
    const near = { ...limits, endsAt: last + 60 * MIN };
    expect(sessionPhase(near, last, last + 54 * MIN)).toEqual({ kind: 'active', next: last + 55 * MIN });
    expect(sessionPhase(near, last + 54 * MIN, last + 55 * MIN)).toEqual({ kind: 'endWarning', endsAt: near.endsAt });
    expect(sessionPhase(near, last + 59 * MIN, last + 60 * MIN)).toEqual({ kind: 'ended' });
  });

  it('tells the sooner end when both are near', () => {
    const both = { ...limits, endsAt: last + 118 * MIN };
    expect(sessionPhase(both, last, last + 117 * MIN)).toEqual({ kind: 'endWarning', endsAt: both.endsAt });
    const idleFirst = { ...limits, endsAt: last + 122 * MIN };
    expect(sessionPhase(idleFirst, last, last + 117.5 * MIN)).toEqual({
      kind: 'idleWarning',
      endsAt: last + 119 * MIN,
    });
  });

  it('keeps at least half of a short idle limit before it warns', () => {
    const short = { idleSeconds: 60, endsAt: last + HOUR };
    // A one-minute limit: ends after 30 s (half is kept for the server's touch), warns 15 s before.
    expect(sessionPhase(short, last, last + 14_000)).toEqual({ kind: 'active', next: last + 15_000 });
    expect(sessionPhase(short, last, last + 15_000)).toEqual({ kind: 'idleWarning', endsAt: last + 30_000 });
    expect(sessionPhase(short, last, last + 30_000)).toEqual({ kind: 'ended' });
  });
});
