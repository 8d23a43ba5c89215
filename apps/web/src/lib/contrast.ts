// WCAG 2.x contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio) for colours written #rgb or #rrggbb.

function channels(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

// The contrast ratio of two colours (1 to 21), or null when one is not a hex colour.
export function contrastRatio(a: string, b: string): number | null {
  const ca = channels(a);
  const cb = channels(b);
  if (!ca || !cb) return null;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// The colour-weak mode (a setting) draws the whole page through an 80 % invert filter (the spec;
// components/bodyTheme.ts). The filter acts on each sRGB channel, c → 0.8 − 0.6c, and shrinks every contrast: black on
// white is drawn 7.9:1 at most, grey text that reads at 5:1 falls below 4:1. The colour as the mode draws it.
export const COLOUR_WEAK_INVERT = 0.8;
export function colourWeak(color: string): string {
  const c = channels(color);
  if (!c) return color;
  return hex(
    c.map((v) => (COLOUR_WEAK_INVERT + (v / 255) * (1 - 2 * COLOUR_WEAK_INVERT)) * 255) as [number, number, number],
  );
}

// The contrast of two colours as the colour-weak mode draws them.
export function colourWeakRatio(a: string, b: string): number | null {
  return contrastRatio(colourWeak(a), colourWeak(b));
}

const hex = (c: [number, number, number]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

// A background for white text: the colour itself when white on it reaches `ratio` (WCAG AA: 4.5), else the colour
// darkened step by step (mixed with black, so its hue stays) until it does; with `weak`, until it does as the
// colour-weak mode draws them too. Colours that are not hex pass unchanged.
export function darkenForWhite(color: string, ratio = 4.5, weak = false): string {
  const c = channels(color);
  if (!c) return color;
  const short = (bg: string) =>
    contrastRatio('#ffffff', bg)! < ratio || (weak && colourWeakRatio('#ffffff', bg)! < ratio);
  let mixed = c;
  for (let k = 1; short(hex(mixed)) && k <= 20; k++) {
    mixed = c.map((v) => v * (1 - k * 0.05)) as [number, number, number];
  }
  return mixed === c ? color : hex(mixed);
}

// The colour mixed with black by `amount` (0 to 1): a darker shade of the same hue. Colours that are not hex pass
// unchanged.
export function shade(color: string, amount: number): string {
  const c = channels(color);
  return c ? hex(c.map((v) => v * (1 - amount)) as [number, number, number]) : color;
}
