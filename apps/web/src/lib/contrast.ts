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

const hex = (c: [number, number, number]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

// A background for white text: the colour itself when white on it reaches `ratio` (WCAG AA: 4.5), else the colour
// darkened step by step (mixed with black, so its hue stays) until it does. Colours that are not hex pass unchanged.
export function darkenForWhite(color: string, ratio = 4.5): string {
  const c = channels(color);
  if (!c) return color;
  let mixed = c;
  for (let k = 1; contrastRatio('#ffffff', hex(mixed))! < ratio && k <= 20; k++) {
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
