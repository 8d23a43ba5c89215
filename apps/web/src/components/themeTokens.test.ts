import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../lib/contrast';
import { themeConfig } from './themeTokens';

describe('themeConfig: the brand colour (issue 42)', () => {
  it('keeps the default brand blue and a dark enough chosen colour as they are; hover and press are darker', () => {
    const token = themeConfig('light', '#165DFF', true).token!;
    expect(token.colorPrimary).toBe('#165DFF');
    // antd's own hover blue, #4080FF, held white text at 3.6:1.
    expect(contrastRatio('#ffffff', token.colorPrimaryHover!)).toBeGreaterThan(contrastRatio('#ffffff', '#165DFF')!);
    expect(themeConfig('dark', '#722ED1', true).token?.colorPrimary).toBe('#722ED1');
  });

  it.each(['#FADB14', '#52C41A', '#13C2C2', '#FFFFFF', '#FF7A45'])(
    'darkens a chosen %s until white on primary buttons reaches 4.5:1, in both themes; links take it on white',
    (brand) => {
      for (const theme of ['light', 'dark'] as const) {
        const token = themeConfig(theme, brand, true).token!;
        expect(contrastRatio('#ffffff', token.colorPrimary!)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio('#ffffff', token.colorPrimaryHover!)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio('#ffffff', token.colorPrimaryActive!)).toBeGreaterThanOrEqual(4.5);
        if (theme === 'light') expect(token.colorLink).toBe(token.colorPrimary);
      }
    },
  );
});
