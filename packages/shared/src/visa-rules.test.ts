import { describe, expect, it } from 'vitest';
import { addMonths, casExpiry, languageExpiry, stepProblems } from './visa-rules.js';

describe('the Student visa rules', () => {
  it('keeps a day the month lacks on its last day', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(languageExpiry('2024-02-29')).toBe('2026-02-28');
    expect(casExpiry('2027-03-10')).toBe('2027-09-09');
  });

  it('ends a CAS whose date the sixth month lacks on that month’s last day', () => {
    expect(casExpiry('2026-08-28')).toBe('2027-02-27');
    for (const day of ['2026-08-29', '2026-08-30', '2026-08-31']) expect(casExpiry(day)).toBe('2027-02-28');
    expect(casExpiry('2027-08-28')).toBe('2028-02-27');
    expect(casExpiry('2027-08-29')).toBe('2028-02-28');
    for (const day of ['2027-08-30', '2027-08-31']) expect(casExpiry(day)).toBe('2028-02-29');
    expect(casExpiry('2027-03-31')).toBe('2027-09-30');
    expect(casExpiry('2027-03-30')).toBe('2027-09-29');
    expect(casExpiry('2026-12-31')).toBe('2027-06-30');
  });

  it('checks the CAS six months whichever of the CAS and visa-applied steps is saved last', () => {
    const cas = (date: string, visaApplied: string | null) =>
      stepProblems({ kind: 'casIssued', status: 'done', date, casNumber: 'ABCDEFGHIJ1234' }, { visaApplied });
    const visa = (date: string, casIssued: string | null) =>
      stepProblems({ kind: 'visaApplied', status: 'done', date }, { casIssued });
    const expired = [{ field: 'date', reason: 'v.casExpired' }];
    // Visa applied first (no CAS yet: accepted), then a CAS whose six months end before it, or issued after it.
    expect(visa('2027-10-01', null)).toEqual([]);
    expect(cas('2027-03-10', '2027-10-01')).toEqual(expired);
    expect(cas('2027-10-02', '2027-10-01')).toEqual(expired);
    expect(cas('2027-04-02', '2027-10-01')).toEqual([]);
    expect(cas('2027-03-10', '2027-09-09')).toEqual([]);
    expect(cas('2027-03-10', null)).toEqual([]);
    // The same dates the other way round.
    expect(visa('2027-10-01', '2027-03-10')).toEqual(expired);
    expect(visa('2027-09-30', '2027-10-01')).toEqual(expired);
    expect(visa('2027-09-09', '2027-03-10')).toEqual([]);
  });
});
