import { describe, expect, it } from 'vitest';
import { theme as antTheme } from 'antd';
import { colourWeakRatio, contrastRatio } from '../lib/contrast';
import { themeConfig } from './themeTokens';

// The danger red's tokens: a danger link's text takes colorErrorText*, a danger button colorError* (rest, hover, press).
const DANGER_TOKENS = ['Error', 'ErrorHover', 'ErrorActive', 'ErrorText', 'ErrorTextHover', 'ErrorTextActive'];

describe('themeConfig: the brand colour (issue 42)', () => {
  it('keeps the default brand blue and a dark enough chosen colour as they are; hover and press are darker', () => {
    const token = themeConfig('light', '#165DFF', true).token!;
    expect(token.colorPrimary).toBe('#165DFF');
    // antd's own hover blue, #4080FF, held white text at 3.6:1.
    expect(contrastRatio('#ffffff', token.colorPrimaryHover!)).toBeGreaterThan(contrastRatio('#ffffff', '#165DFF')!);
    expect(themeConfig('dark', '#722ED1', true).token?.colorPrimary).toBe('#722ED1');
  });

  it('keeps a hovered or pressed link at 4.5:1 on a hovered row (#fafafa) and on white, in both themes', () => {
    for (const [theme, bgs] of [
      ['light', ['#ffffff', '#fafafa']],
      ['dark', ['#141414', '#1f1f1f']],
    ] as const) {
      const token = themeConfig(theme, '#165DFF', true).token!;
      for (const bg of bgs)
        for (const c of [token.colorLink, token.colorLinkHover, token.colorLinkActive])
          expect(contrastRatio(c!, bg), `${theme} ${c} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the danger red at rest, hovered and pressed at 4.5:1 on a hovered row (#fafafa) and on white, light theme, also as the colour-weak mode draws it', () => {
    for (const weak of [false, true]) {
      // The tokens as antd derives them: a danger link's text takes colorErrorText*, a danger button colorError*.
      const token = antTheme.getDesignToken(themeConfig('light', '#165DFF', true, weak)) as unknown as Record<
        string,
        string
      >;
      for (const bg of ['#ffffff', '#fafafa'])
        for (const key of DANGER_TOKENS) {
          const ratio = (weak ? colourWeakRatio : contrastRatio)(token[`color${key}`]!, bg);
          expect(
            ratio,
            `color${key} ${token[`color${key}`]} on ${bg}${weak ? ' (colour-weak)' : ''}`,
          ).toBeGreaterThanOrEqual(4.5);
        }
      // White on a hovered or pressed danger button.
      expect(contrastRatio('#ffffff', token.colorErrorHover!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the danger red at rest, hovered and pressed at 4.5:1 on a card and a hovered row, dark theme, and under a filled danger button’s black text; also as the colour-weak mode draws it', () => {
    for (const weak of [false, true]) {
      const token = antTheme.getDesignToken(themeConfig('dark', '#165DFF', true, weak)) as unknown as Record<
        string,
        string
      >;
      const ratio = weak ? colourWeakRatio : contrastRatio;
      // A table row hovered in the dark theme is antd's colorFillAlter over #141414 (#1d1d1d): #1f1f1f is lighter.
      for (const bg of ['#141414', '#1f1f1f'])
        for (const key of DANGER_TOKENS)
          expect(
            ratio(token[`color${key}`]!, bg),
            `color${key} ${token[`color${key}`]} on ${bg}${weak ? ' (colour-weak)' : ''}`,
          ).toBeGreaterThanOrEqual(4.5);
      // A filled danger button's text is black in the dark theme (normalComponents' dangerColor), at rest and pressed.
      if (!weak)
        for (const key of ['Error', 'ErrorHover', 'ErrorActive'])
          expect(contrastRatio('#000000', token[`color${key}`]!), `black on color${key}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each([false, true])(
    'status text (warning and success lines, status tags) reaches 4.5:1 on the page, a card and its tag, in both themes (colour-weak: %s)',
    (weak) => {
      for (const [theme, bgs] of [
        ['light', ['#ffffff', '#f5f5f5', '#fafafa']],
        ['dark', ['#000000', '#141414', '#1f1f1f']],
      ] as const) {
        const token = antTheme.getDesignToken(themeConfig(theme, '#165DFF', true, weak)) as unknown as Record<
          string,
          string
        >;
        const ratio = weak ? colourWeakRatio : contrastRatio;
        for (const status of ['Info', 'Success', 'Warning', 'Error']) {
          const text = token[`color${status}Text`]!;
          for (const bg of bgs)
            expect(ratio(text, bg), `${theme} color${status}Text ${text} on ${bg}`).toBeGreaterThanOrEqual(4.5);
          // A status tag's text on its tint: the status's text colour (styles.css), the text colour in the mode.
          const tint = token[`color${status}Bg`]!;
          const tagText = weak ? over(token.colorText!, tint) : text;
          expect(ratio(tagText, tint), `${theme} ${status} tag ${tagText} on ${tint}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    },
  );

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

// A token colour (#rrggbb or rgba(r, g, b, a)) laid over an opaque background, as #rrggbb.
function over(color: string, bg: string): string {
  const m = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(color);
  if (!m) return color;
  const a = Number(m[4]);
  const b = [1, 3, 5].map((i) => parseInt(bg.slice(i, i + 2), 16));
  return `#${[1, 2, 3]
    .map((i, k) =>
      Math.round(Number(m[i]) * a + b[k]! * (1 - a))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

describe('themeConfig: the colour-weak mode (issue 42)', () => {
  // The backgrounds text sits on: page, card, table header, selected option; the dark ones likewise.
  const BACKGROUNDS = { light: ['#ffffff', '#f5f5f5', '#fafafa'], dark: ['#000000', '#141414', '#1f1f1f', '#303030'] };
  const TEXT = ['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextLabel'];

  it.each(['light', 'dark'] as const)(
    '%s: text, placeholders and links reach 4.5:1 as the mode draws them',
    (theme) => {
      // The tokens as antd derives them (the dark algorithm draws seeds such as the link colour over the background).
      const token = antTheme.getDesignToken(themeConfig(theme, '#165DFF', true, true)) as unknown as Record<
        string,
        string
      >;
      for (const bg of BACKGROUNDS[theme]) {
        // Links and the danger and success colours sit on the page and on cards, not on a selected option.
        const coloured = bg === '#303030' ? [] : ['colorLink', 'colorError', 'colorSuccess'];
        for (const key of [...TEXT, 'colorTextPlaceholder', ...coloured]) {
          expect(colourWeakRatio(over(token[key]!, bg), bg), `${key} on ${bg}`).toBeGreaterThanOrEqual(4.5);
        }
      }
      // White on a primary button, as drawn.
      expect(colourWeakRatio('#ffffff', token.colorPrimary!)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('leaves the tokens of the ordinary rendering alone', () => {
    for (const theme of ['light', 'dark'] as const) {
      const plain = themeConfig(theme, '#165DFF', true).token!;
      expect(themeConfig(theme, '#165DFF', true, false).token).toEqual(plain);
      expect(themeConfig(theme, '#165DFF', true, true).token?.colorLink).not.toBe(plain.colorLink);
    }
  });
});

describe("themeConfig: antd's styles come prebuilt (decision 307)", () => {
  it('asks antd not to generate component styles, with the class names of its prebuilt sheet, in every theme', () => {
    for (const theme of ['light', 'dark'] as const)
      for (const weak of [false, true]) {
        const config = themeConfig(theme, '#722ED1', true, weak);
        const which = `${theme}${weak ? ' colour-weak' : ''}`;
        expect(config.zeroRuntime, which).toBe(true);
        expect(config.hashed, which).toBe(false);
      }
  });
});
