import { describe, expect, it } from 'vitest';
import { colourWeak, colourWeakRatio, contrastRatio, darkenForWhite } from './contrast';

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

  it('draws colours as the colour-weak mode does (invert 80 %: white #333, black #ccc), at a lower contrast', () => {
    expect(colourWeak('#ffffff')).toBe('#333333');
    expect(colourWeak('#000000')).toBe('#cccccc');
    // The screen measured in Chromium: #165dff drawn #bf9433.
    expect(colourWeak('#165dff')).toBe('#bf9433');
    expect(colourWeakRatio('#000000', '#ffffff')).toBeCloseTo(7.87, 2);
    // Secondary grey that reads at 5.7:1 is drawn at 3.9:1.
    expect(colourWeakRatio('#666666', '#ffffff')).toBeLessThan(4.5);
  });

  it('darkens a tag colour until white on it reaches 4.5:1 as the colour-weak mode draws it, when asked', () => {
    for (const c of ['#86909c', '#ff7d00', '#14c9c9', '#00b42a', '#f53f3f', '#ffffff']) {
      const bg = darkenForWhite(c, 4.5, true);
      expect(contrastRatio('#ffffff', bg)).toBeGreaterThanOrEqual(4.5);
      expect(colourWeakRatio('#ffffff', bg)).toBeGreaterThanOrEqual(4.5);
    }
    // Without the mode the grey stays as light as white text allows.
    expect(colourWeakRatio('#ffffff', darkenForWhite('#86909c'))).toBeLessThan(4.5);
  });
});
