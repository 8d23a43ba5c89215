import { describe, expect, it } from 'vitest';
import { contrastRatio, darkenForWhite } from './contrast';

describe('contrast', () => {
  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#86909c')).toBeCloseTo(3.24, 2);
    expect(contrastRatio('#165DFF', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrastRatio('blue', '#fff')).toBeNull();
  });

  it('darkens a tag colour until white text on it reaches 4.5:1, keeping colours that pass', () => {
    for (const c of ['#86909c', '#ff7d00', '#14c9c9', '#00b42a', '#f53f3f', '#ffffff']) {
      const bg = darkenForWhite(c);
      expect(contrastRatio('#ffffff', bg)).toBeGreaterThanOrEqual(4.5);
    }
    expect(darkenForWhite('#165DFF')).toBe('#165DFF');
    expect(darkenForWhite('blue')).toBe('blue');
  });
});
