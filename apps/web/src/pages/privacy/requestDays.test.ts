import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { daysLeft, isAfterUkToday, ukToday } from './requestDays';

// 23:30 UTC on 14 June 2026 is 00:30 on 15 June in the UK (summer time): the UK's today is a day ahead of a browser on
// UTC (the tests' zone), as a browser at UTC+8 is a day ahead of the UK before 08:00 UTC. Decision 358.
const NIGHT = Date.UTC(2026, 5, 14, 23, 30);

describe("a data request's days are the UK's", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NIGHT);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("defaults the received date to the UK's today, not the browser's", () => {
    expect(ukToday()).toBe('2026-06-15');
    // Morning in UTC+8 is still the evening before in the UK.
    expect(ukToday(Date.UTC(2026, 5, 15, 1, 0))).toBe('2026-06-15');
    expect(ukToday(Date.UTC(2026, 5, 14, 22, 59))).toBe('2026-06-14');
  });

  it("allows the UK's today as a received date and refuses the day after it", () => {
    expect(isAfterUkToday(dayjs('2026-06-15'))).toBe(false);
    expect(isAfterUkToday(dayjs('2026-06-16'))).toBe(true);
    expect(isAfterUkToday(dayjs('2026-06-15'), Date.UTC(2026, 5, 14, 22, 0))).toBe(true);
  });

  it("counts the days left from the UK's today", () => {
    expect(daysLeft('2026-06-15')).toBe(0);
    expect(daysLeft('2026-06-22')).toBe(7);
    expect(daysLeft('2026-06-14')).toBe(-1);
  });
});
