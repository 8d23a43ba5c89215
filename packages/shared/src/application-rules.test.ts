import { describe, expect, it } from 'vitest';
import { choiceIssues } from './application-choices.js';
import { deadlineFlags, hasEarlyDeadline, isUcasChoice, oxbridgeOf } from './application-rules.js';

describe('the UK choice rules', () => {
  it('knows Oxford and Cambridge by institution code or own name, not by a town in the name', () => {
    expect(oxbridgeOf({ school: 'x', institutionCode: 'o33' })).toBe('oxford');
    expect(oxbridgeOf({ school: 'The University of Cambridge' })).toBe('cambridge');
    expect(oxbridgeOf({ school: 'Oxford Brookes University' })).toBeNull();
    expect(oxbridgeOf({ school: 'Anglia Ruskin University Cambridge' })).toBeNull();
  });

  it('counts a row with a UCAS code and no route as a UCAS choice, a direct application never', () => {
    expect(isUcasChoice({ school: 'a', ucasCode: 'G400' })).toBe(true);
    expect(isUcasChoice({ school: 'a', ucasCode: 'G400', route: 'direct' })).toBe(false);
    expect(hasEarlyDeadline({ school: 'a', route: 'direct', subjectArea: 'medicine' })).toBe(false);
  });

  it('names the first row over each limit, per cycle', () => {
    const rows = [1, 2, 3, 4, 5, 6, 7].map((i) => ({ school: `S${i}`, route: 'ucas', cycleId: 1 }));
    expect(choiceIssues(rows)).toEqual([{ path: [5, 'route'], message: 'v.ucasLimit' }]);
    expect(choiceIssues(rows.map((r, i) => ({ ...r, cycleId: i % 2 })))).toEqual([]);
  });

  it('allows an insurance reply only beside a firm reply on a conditional offer, and a decline only of an offer', () => {
    const ucas = (decision: string, reply: string, cycleId = 1) => ({
      school: 'S',
      route: 'ucas',
      cycleId,
      decision,
      reply,
    });
    const reply = (i: number, message: string) => ({ path: [i, 'reply'], message });
    // UCAS: a conditional firm choice may have an insurance (on either kind of offer); an unconditional one may not.
    expect(choiceIssues([ucas('conditional', 'firm'), ucas('unconditional', 'insurance')])).toEqual([]);
    expect(choiceIssues([ucas('unconditional', 'insurance'), ucas('unconditional', 'firm')])).toEqual([
      reply(0, 'v.insuranceNeedsFirm'),
    ]);
    expect(choiceIssues([ucas('conditional', 'insurance')])).toEqual([reply(0, 'v.insuranceNeedsFirm')]);
    // The firm reply of another cycle does not count.
    expect(choiceIssues([ucas('conditional', 'firm', 2), ucas('conditional', 'insurance')])).toEqual([
      reply(1, 'v.insuranceNeedsFirm'),
    ]);
    expect(choiceIssues([ucas('unconditional', 'firm'), ucas('conditional', 'declined')])).toEqual([]);
    expect(choiceIssues([ucas('pending', 'declined'), ucas('unsuccessful', 'declined')])).toEqual([
      reply(0, 'v.declineNeedsOffer'),
      reply(1, 'v.declineNeedsOffer'),
    ]);
    expect(choiceIssues([{ school: 'S', route: 'ucas', reply: 'declined' }])).toEqual([
      reply(0, 'v.declineNeedsOffer'),
    ]);
  });

  it('flags by the date only: on the deadline day is on time', () => {
    const cycle = {
      id: 1,
      entryYear: 2026,
      earlyDeadline: '2025-10-15',
      equalDeadline: '2026-01-14',
      finalDeadline: '2026-06-30',
    };
    const row = (applicationDate: string, subjectArea?: string) => ({
      school: 'X',
      route: 'ucas',
      cycleId: 1,
      applicationDate,
      subjectArea,
    });
    expect(deadlineFlags([row('2025-10-15', 'dentistry'), row('2026-01-14')], [cycle])).toEqual([]);
    expect(
      deadlineFlags([row('2025-10-16', 'dentistry'), row('2026-01-15'), row('2026-07-01')], [cycle]).map(
        (f) => f.message,
      ),
    ).toEqual(['w.earlyDeadline', 'w.lateApplication', 'w.clearing']);
  });
});
