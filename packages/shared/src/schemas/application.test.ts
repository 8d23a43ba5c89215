import { describe, expect, it } from 'vitest';
import {
  ApplicationCreateSchema,
  completionPercent,
  ieltsOverall,
  isIsoDate,
  isValidUrl,
  scoreFamily,
} from './application.js';

describe('application rules', () => {
  it('rounds the IELTS overall band like the test does', () => {
    expect(ieltsOverall([6.5, 6.5, 5.5, 6])).toBe(6); // 6.125
    expect(ieltsOverall([6.5, 6.5, 6, 6])).toBe(6.5); // 6.25
    expect(ieltsOverall([7, 6.5, 6.5, 6.5])).toBe(6.5); // 6.625
    expect(ieltsOverall([7, 7, 7, 6])).toBe(7); // 6.75
    expect(ieltsOverall([9, 9, 9, 9])).toBe(9);
  });

  it('keys score rules on the test-type family of the dictionary value', () => {
    expect(scoreFamily('ielts_academic')).toBe('IELTS');
    expect(scoreFamily('ielts_ukvi')).toBe('IELTS');
    expect(scoreFamily('toefl')).toBe('TOEFL');
    expect(scoreFamily('pte')).toBe('PTE');
    expect(scoreFamily('duolingo')).toBeNull();
    expect(scoreFamily('languagecert')).toBeNull();
  });

  it('derives the completion percent', () => {
    expect(completionPercent(1, 3)).toBe(33);
    expect(completionPercent(2, 3)).toBe(67);
    expect(completionPercent(0, 0)).toBe(0);
  });

  it('checks dates and links', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isValidUrl('https://www.ucl.ac.uk/cs')).toBe(true);
    expect(isValidUrl('javascript:alert(1)')).toBe(false);
  });

  it('names the row of a bad child entry', () => {
    const res = ApplicationCreateSchema.safeParse({
      name: 'A',
      email: 'a@b.co',
      jobs: JSON.stringify([{ unitName: 'x' }, { unitName: '' }]),
    });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.path).toEqual(['jobs', 1, 'unitName']);
  });
});
