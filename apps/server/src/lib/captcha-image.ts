// Dependency-free captcha renderer: a hand-drawn bitmap font, per-glyph jitter and a few
// distortions, encoded straight to PNG so the server needs no native image library.

import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

// No 0/O, 1/I/L: characters people routinely confuse are left out.
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export type CaptchaImageOptions = {
  width?: number;
  height?: number;
  // Fixed seed for reproducible output (tests); a random one is drawn otherwise.
  seed?: number;
};

type Rgb = readonly [number, number, number];

type Canvas = {
  width: number;
  height: number;
  // RGB triples as floats so repeated blending does not accumulate rounding error.
  data: Float32Array;
};

type Random = {
  next: () => number;
  range: (min: number, max: number) => number;
};

const GLYPH_COLS = 5;
const GLYPH_ROWS = 7;

// 5x7 glyphs, one string per row, '1' = ink.
const FONT: Readonly<Record<string, readonly string[]>> = {
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11111', '00010', '00100', '00010', '00001', '10001', '01110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  D: ['11100', '10010', '10001', '10001', '10001', '10010', '11100'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01110', '10001', '10000', '10111', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '10001', '11001', '10101', '10011', '10001', '10001'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  Q: ['01110', '10001', '10001', '10001', '10101', '10010', '01101'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
  Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
};

// Segment between two ink-cell centres, in glyph cell units.
type Stroke = readonly [x0: number, y0: number, x1: number, y1: number];

// Strokes packed as [x0, y0, dx, dy, 1/length²] runs: the distance loop runs per subpixel.
type GlyphShape = Float64Array;
const STROKE_FIELDS = 5;

// Turns a bitmap into strokes joining neighbouring ink cells, so scaled-up glyphs come out
// as smooth pen strokes instead of blocky staircases. Diagonals are only joined where no
// orthogonal path exists, otherwise corners would get a filled-in wedge.
function toStrokes(rows: readonly string[]): Stroke[] {
  const ink = (x: number, y: number): boolean => rows[y]?.[x] === '1';
  const strokes: Stroke[] = [];
  for (let y = 0; y < GLYPH_ROWS; y++) {
    for (let x = 0; x < GLYPH_COLS; x++) {
      if (!ink(x, y)) continue;
      const cx = x + 0.5;
      const cy = y + 0.5;
      let joined = ink(x - 1, y) || ink(x, y - 1) || ink(x - 1, y - 1) || ink(x + 1, y - 1);
      const link = (dx: number, dy: number): void => {
        strokes.push([cx, cy, cx + dx, cy + dy]);
        joined = true;
      };
      if (ink(x + 1, y)) link(1, 0);
      if (ink(x, y + 1)) link(0, 1);
      if (ink(x + 1, y + 1) && !ink(x + 1, y) && !ink(x, y + 1)) link(1, 1);
      if (ink(x - 1, y + 1) && !ink(x - 1, y) && !ink(x, y + 1)) link(-1, 1);
      // A cell with no ink neighbour at all still needs a dot.
      if (!joined) strokes.push([cx, cy, cx, cy]);
    }
  }
  return strokes;
}

function toShape(strokes: readonly Stroke[]): GlyphShape {
  return Float64Array.from(
    strokes.flatMap(([x0, y0, x1, y1]) => {
      const lengthSq = (x1 - x0) ** 2 + (y1 - y0) ** 2;
      return [x0, y0, x1 - x0, y1 - y0, lengthSq === 0 ? 0 : 1 / lengthSq];
    }),
  );
}

const GLYPHS: ReadonlyMap<string, GlyphShape> = new Map(
  Object.entries(FONT).map(([ch, rows]) => [ch, toShape(toStrokes(rows))]),
);

const DEFAULT_WIDTH = 120;
const DEFAULT_HEIGHT = 40;
const MAX_SIDE = 2048;
// 4x4 subsamples per pixel: enough for smooth edges on rotated glyphs.
const SUPERSAMPLE = 4;
// Half the pen width in cell units; slightly over 0.5 keeps thin diagonals solid.
const PEN_RADIUS = 0.55;
const MAX_ROTATION = (25 * Math.PI) / 180;

// mulberry32: tiny, fast and good enough for visual noise; not used for the captcha text itself.
function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, range: (min, max) => min + (max - min) * next() };
}

function checkSide(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_SIDE) {
    throw new RangeError(`${name} must be an integer between 1 and ${MAX_SIDE}`);
  }
  return value;
}

function createCanvas(width: number, height: number): Canvas {
  return { width, height, data: new Float32Array(width * height * 3) };
}

function blend(canvas: Canvas, x: number, y: number, color: Rgb, alpha: number): void {
  if (alpha <= 0 || x < 0 || y < 0 || x >= canvas.width || y >= canvas.height) return;
  const a = Math.min(alpha, 1);
  const i = (y * canvas.width + x) * 3;
  const d = canvas.data;
  d[i] = (d[i] ?? 0) * (1 - a) + color[0] * a;
  d[i + 1] = (d[i + 1] ?? 0) * (1 - a) + color[1] * a;
  d[i + 2] = (d[i + 2] ?? 0) * (1 - a) + color[2] * a;
}

// Light diagonal gradient: a flat background would make thresholding the ink trivial.
function paintBackground(canvas: Canvas, rnd: Random): void {
  const from: Rgb = [rnd.range(228, 250), rnd.range(228, 250), rnd.range(228, 250)];
  const to: Rgb = [rnd.range(238, 255), rnd.range(238, 255), rnd.range(238, 255)];
  const span = canvas.width + canvas.height - 2 || 1;
  for (let y = 0; y < canvas.height; y++) {
    for (let x = 0; x < canvas.width; x++) {
      const t = (x + y) / span;
      const i = (y * canvas.width + x) * 3;
      canvas.data[i] = from[0] + (to[0] - from[0]) * t;
      canvas.data[i + 1] = from[1] + (to[1] - from[1]) * t;
      canvas.data[i + 2] = from[2] + (to[2] - from[2]) * t;
    }
  }
}

// Dark, fairly saturated colour (HSV-style hue wheel) so every glyph keeps contrast
// against the light background while hues still vary between glyphs.
function inkColor(rnd: Random): Rgb {
  const hue = rnd.range(0, 6);
  const c = rnd.range(60, 115);
  const base = rnd.range(10, 45);
  const x = c * (1 - Math.abs((hue % 2) - 1));
  const wheel: readonly Rgb[] = [
    [c, x, 0],
    [x, c, 0],
    [0, c, x],
    [0, x, c],
    [x, 0, c],
    [c, 0, x],
  ];
  const [r, g, b] = wheel[Math.min(5, Math.floor(hue))] ?? [c, 0, 0];
  return [base + r, base + g, base + b];
}

// Squared distance from (u, v) to the nearest stroke.
function strokeDistanceSq(shape: GlyphShape, u: number, v: number): number {
  let best = Infinity;
  for (let i = 0; i < shape.length; i += STROKE_FIELDS) {
    const x0 = shape[i] ?? 0;
    const y0 = shape[i + 1] ?? 0;
    const dx = shape[i + 2] ?? 0;
    const dy = shape[i + 3] ?? 0;
    const t = Math.max(0, Math.min(1, ((u - x0) * dx + (v - y0) * dy) * (shape[i + 4] ?? 0)));
    const ex = u - x0 - t * dx;
    const ey = v - y0 - t * dy;
    const d = ex * ex + ey * ey;
    if (d < best) best = d;
  }
  return best;
}

function drawGlyph(
  canvas: Canvas,
  shape: GlyphShape,
  cx: number,
  cy: number,
  scale: number,
  angle: number,
  color: Rgb,
): void {
  // Inverse rotation folded into per-pixel steps: moving one canvas pixel right/down moves
  // (cos, -sin)/scale and (sin, cos)/scale in unrotated glyph space.
  const ux = Math.cos(angle) / scale;
  const vx = -Math.sin(angle) / scale;
  const uy = -vx;
  const vy = ux;
  const radius = Math.hypot(GLYPH_COLS + 1, GLYPH_ROWS + 1) * scale * 0.5;
  const x0 = Math.max(0, Math.floor(cx - radius));
  const x1 = Math.min(canvas.width - 1, Math.ceil(cx + radius));
  const y0 = Math.max(0, Math.floor(cy - radius));
  const y1 = Math.min(canvas.height - 1, Math.ceil(cy + radius));
  const step = 1 / SUPERSAMPLE;
  const penSq = PEN_RADIUS * PEN_RADIUS;
  // Half a pixel diagonal in glyph units: pixels whose centre is farther than this from
  // the pen edge are entirely outside or inside, so only edge pixels pay for supersampling.
  const halfPixel = Math.SQRT1_2 / scale;
  const outsideSq = (PEN_RADIUS + halfPixel) ** 2;
  const insideSq = Math.max(0, PEN_RADIUS - halfPixel) ** 2;
  const margin = PEN_RADIUS + halfPixel;
  for (let py = y0; py <= y1; py++) {
    for (let px = x0; px <= x1; px++) {
      const dx = px + 0.5 - cx;
      const dy = py + 0.5 - cy;
      const uc = dx * ux + dy * uy + GLYPH_COLS / 2;
      const vc = dx * vx + dy * vy + GLYPH_ROWS / 2;
      // Cheap reject for the corners of the bounding square, outside the glyph box.
      if (uc < -margin || vc < -margin || uc > GLYPH_COLS + margin || vc > GLYPH_ROWS + margin) continue;
      const centreSq = strokeDistanceSq(shape, uc, vc);
      if (centreSq > outsideSq) continue;
      if (centreSq < insideSq) {
        blend(canvas, px, py, color, 1);
        continue;
      }
      let hits = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        const oy = (sy + 0.5) * step - 0.5;
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const ox = (sx + 0.5) * step - 0.5;
          if (strokeDistanceSq(shape, uc + ox * ux + oy * uy, vc + ox * vx + oy * vy) <= penSq) hits++;
        }
      }
      blend(canvas, px, py, color, hits / (SUPERSAMPLE * SUPERSAMPLE));
    }
  }
}

// Wavy line across the whole width; anti-aliased by perpendicular distance to the curve.
function drawCurve(canvas: Canvas, rnd: Random, color: Rgb, thickness: number): void {
  const { width, height } = canvas;
  const y0 = rnd.range(height * 0.15, height * 0.85);
  const slope = rnd.range(-0.25, 0.25) * (height / width);
  const amp = rnd.range(0.08, 0.25) * height;
  const freq = (Math.PI * 2) / rnd.range(width * 0.4, width * 1.2);
  const phase = rnd.range(0, Math.PI * 2);
  const half = thickness / 2;
  for (let x = 0; x < width; x++) {
    const xc = x + 0.5;
    const yc = y0 + slope * xc + amp * Math.sin(freq * xc + phase);
    const dydx = slope + amp * freq * Math.cos(freq * xc + phase);
    const norm = Math.sqrt(1 + dydx * dydx);
    const reach = Math.ceil(half * norm + 1);
    for (let y = Math.floor(yc - reach); y <= Math.ceil(yc + reach); y++) {
      const distance = Math.abs(y + 0.5 - yc) / norm;
      blend(canvas, x, y, color, half + 0.5 - distance);
    }
  }
}

// Sine displacement along both axes (mainly horizontal) so strokes stop being straight lines.
function warp(canvas: Canvas, rnd: Random): Canvas {
  const { width, height, data } = canvas;
  const out = createCanvas(width, height);
  const ampX = rnd.range(1.2, 2.4) * (height / DEFAULT_HEIGHT);
  const freqX = (Math.PI * 2) / rnd.range(height * 0.8, height * 1.6);
  const phaseX = rnd.range(0, Math.PI * 2);
  const ampY = rnd.range(0.8, 1.6) * (height / DEFAULT_HEIGHT);
  const freqY = (Math.PI * 2) / rnd.range(width * 0.3, width * 0.6);
  const phaseY = rnd.range(0, Math.PI * 2);
  for (let y = 0; y < height; y++) {
    const shiftX = ampX * Math.sin(freqX * y + phaseX);
    for (let x = 0; x < width; x++) {
      // Clamped source point: edges smear instead of pulling in black from outside.
      const sx = Math.min(width - 1, Math.max(0, x + shiftX));
      const sy = Math.min(height - 1, Math.max(0, y + ampY * Math.sin(freqY * x + phaseY)));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(width - 1, x0 + 1);
      const y1 = Math.min(height - 1, y0 + 1);
      const tx = sx - x0;
      const ty = sy - y0;
      const o = (y * width + x) * 3;
      const i00 = (y0 * width + x0) * 3;
      const i01 = (y0 * width + x1) * 3;
      const i10 = (y1 * width + x0) * 3;
      const i11 = (y1 * width + x1) * 3;
      for (let c = 0; c < 3; c++) {
        const top = (data[i00 + c] ?? 0) * (1 - tx) + (data[i01 + c] ?? 0) * tx;
        const bottom = (data[i10 + c] ?? 0) * (1 - tx) + (data[i11 + c] ?? 0) * tx;
        out.data[o + c] = top * (1 - ty) + bottom * ty;
      }
    }
  }
  return out;
}

// Mix of dark and light single-pixel dots: dark ones fake ink, light ones punch holes in strokes.
function speckle(canvas: Canvas, rnd: Random): void {
  const count = Math.round(canvas.width * canvas.height * 0.04);
  for (let n = 0; n < count; n++) {
    const x = Math.floor(rnd.next() * canvas.width);
    const y = Math.floor(rnd.next() * canvas.height);
    const dark = rnd.next() < 0.6;
    const color: Rgb = dark
      ? [rnd.range(40, 170), rnd.range(40, 170), rnd.range(40, 170)]
      : [rnd.range(215, 255), rnd.range(215, 255), rnd.range(215, 255)];
    blend(canvas, x, y, color, rnd.range(0.5, 0.9));
  }
}

const CRC_TABLE: Uint32Array = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = (CRC_TABLE[(crc ^ b) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'ascii');
  data.copy(chunk, 8);
  // The CRC covers type and data, not the length field.
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// 8-bit truecolour, no alpha, filter type 0 on every row: simplest valid PNG.
function encodePng(canvas: Canvas): Buffer {
  const { width, height, data } = canvas;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  ihdr[10] = 0; // compression: deflate
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace
  const stride = 1 + width * 3;
  const raw = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0;
    for (let i = 0; i < width * 3; i++) {
      const value = data[y * width * 3 + i] ?? 0;
      raw[y * stride + 1 + i] = Math.max(0, Math.min(255, Math.round(value)));
    }
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function renderCaptchaPng(text: string, opts: CaptchaImageOptions = {}): Buffer {
  const width = checkSide('width', opts.width ?? DEFAULT_WIDTH);
  const height = checkSide('height', opts.height ?? DEFAULT_HEIGHT);
  if (text.length === 0) throw new RangeError('captcha text must not be empty');
  const glyphs = Array.from(text, (ch) => {
    const glyph = GLYPHS.get(ch);
    if (!glyph) throw new RangeError(`unsupported captcha character: ${JSON.stringify(ch)}`);
    return glyph;
  });

  const rnd = createRandom(opts.seed ?? randomInt(0, 2 ** 32));
  let canvas = createCanvas(width, height);
  paintBackground(canvas, rnd);

  // Each glyph gets an equal cell; the scale fits both the cell width and ~2/3 of the height.
  const padX = width * 0.06;
  const cellW = (width - padX * 2) / glyphs.length;
  const baseScale = Math.min(cellW / 5.5, (height * 0.65) / GLYPH_ROWS);
  const colors: Rgb[] = [];
  glyphs.forEach((glyph, i) => {
    const scale = baseScale * rnd.range(0.9, 1.08);
    const slackY = Math.max(0, (height - GLYPH_ROWS * scale) / 2) * 0.6;
    const cx = padX + cellW * (i + 0.5) + rnd.range(-0.12, 0.12) * cellW;
    const cy = height / 2 + rnd.range(-slackY, slackY);
    const color = inkColor(rnd);
    colors.push(color);
    drawGlyph(canvas, glyph, cx, cy, scale, rnd.range(-MAX_ROTATION, MAX_ROTATION), color);
  });

  // Lines reuse the glyph colours so colour alone cannot separate text from noise.
  const lineCount = rnd.next() < 0.3 ? 3 : 2;
  for (let n = 0; n < lineCount; n++) {
    const color = colors[Math.floor(rnd.next() * colors.length)] ?? inkColor(rnd);
    drawCurve(canvas, rnd, color, rnd.range(0.9, 1.5) * (height / DEFAULT_HEIGHT));
  }

  canvas = warp(canvas, rnd);
  speckle(canvas, rnd);
  return encodePng(canvas);
}
