import { describe, expect, it } from 'vitest';
import { ukDayEnd } from './uk-day.js';

describe('the end of a UK day', () => {
  it('is the last millisecond before the next day begins in London, in winter and in summer time', () => {
    expect(ukDayEnd('2026-12-07')).toBe(Date.UTC(2026, 11, 8) - 1);
    expect(ukDayEnd('2026-07-15')).toBe(Date.UTC(2026, 6, 15, 23) - 1);
  });

  it('follows the clock changes: the day they go forward ends in summer time, the day they go back in winter', () => {
    // 2026: summer time from 29 March 01:00 UTC to 25 October 01:00 UTC.
    expect(ukDayEnd('2026-03-28')).toBe(Date.UTC(2026, 2, 29) - 1);
    expect(ukDayEnd('2026-03-29')).toBe(Date.UTC(2026, 2, 29, 23) - 1);
    expect(ukDayEnd('2026-10-24')).toBe(Date.UTC(2026, 9, 24, 23) - 1);
    expect(ukDayEnd('2026-10-25')).toBe(Date.UTC(2026, 9, 26) - 1);
  });

  it('answers null for what is no date', () => {
    expect(ukDayEnd('2026-13-01')).toBeNull();
    expect(ukDayEnd('soon')).toBeNull();
  });
});
