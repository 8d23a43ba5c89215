import { inflateSync } from 'node:zlib';
import { it, expect } from 'vitest';
import { CAPTCHA_ALPHABET, renderCaptchaPng } from './captcha-image.js';
import { engineFree } from '../test/engine.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type Chunk = { type: string; data: Buffer; crc: number; computedCrc: number };

// Independent reference CRC (bitwise, no table) so the test does not trust the code under test.
function referenceCrc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function readChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let offset = SIGNATURE.length;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    const crc = png.readUInt32BE(offset + 8 + length);
    chunks.push({ type, data, crc, computedCrc: referenceCrc32(png.subarray(offset + 4, offset + 8 + length)) });
    offset += 12 + length;
  }
  return chunks;
}

type Decoded = { width: number; height: number; bytesPerPixel: number; raw: Buffer; pixels: number[][] };

function decode(png: Buffer): Decoded {
  const chunks = readChunks(png);
  const ihdr = chunks.find((c) => c.type === 'IHDR');
  if (!ihdr) throw new Error('missing IHDR');
  const width = ihdr.data.readUInt32BE(0);
  const height = ihdr.data.readUInt32BE(4);
  const colourType = ihdr.data[9];
  const bytesPerPixel = colourType === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const stride = 1 + width * bytesPerPixel;
  const pixels: number[][] = [];
  // Pixel extraction assumes filter type 0 rows, which the test also asserts.
  for (let y = 0; y < height && raw.length === height * stride; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * stride + 1 + x * bytesPerPixel;
      pixels.push([raw[i] ?? 0, raw[i + 1] ?? 0, raw[i + 2] ?? 0]);
    }
  }
  return { width, height, bytesPerPixel, raw, pixels };
}

engineFree.describe('renderCaptchaPng', () => {
  it('starts with the PNG signature and has IHDR first, IEND last', () => {
    const png = renderCaptchaPng('K7PX', { seed: 1 });
    expect(png.subarray(0, 8).equals(SIGNATURE)).toBe(true);
    const types = readChunks(png).map((c) => c.type);
    expect(types[0]).toBe('IHDR');
    expect(types.at(-1)).toBe('IEND');
    expect(types).toContain('IDAT');
  });

  it('writes the default 120x40 size as 8-bit RGB/RGBA in IHDR', () => {
    const png = renderCaptchaPng('K7PX', { seed: 1 });
    const ihdr = readChunks(png)[0];
    expect(ihdr?.data.length).toBe(13);
    expect(ihdr?.data.readUInt32BE(0)).toBe(120);
    expect(ihdr?.data.readUInt32BE(4)).toBe(40);
    expect(ihdr?.data[8]).toBe(8);
    expect([2, 6]).toContain(ihdr?.data[9]);
  });

  it('honours a custom size', () => {
    const { width, height } = decode(renderCaptchaPng('AB23', { width: 200, height: 70, seed: 5 }));
    expect(width).toBe(200);
    expect(height).toBe(70);
  });

  it('has a correct CRC on every chunk', () => {
    for (const seed of [1, 2, 3]) {
      const chunks = readChunks(renderCaptchaPng('K7PX', { seed }));
      expect(chunks.length).toBeGreaterThanOrEqual(3);
      for (const chunk of chunks) expect(chunk.crc, chunk.type).toBe(chunk.computedCrc);
    }
  });

  it('inflates IDAT to exactly height * (1 + width * bytesPerPixel) bytes', () => {
    for (const size of [undefined, { width: 157, height: 53 }]) {
      const { width, height, bytesPerPixel, raw } = decode(renderCaptchaPng('M3WQ', { ...size, seed: 9 }));
      expect(raw.length).toBe(height * (1 + width * bytesPerPixel));
      for (let y = 0; y < height; y++) expect(raw[y * (1 + width * bytesPerPixel)]).toBe(0);
    }
  });

  it('is not blank: many colours and a reasonable share of ink', () => {
    const { pixels } = decode(renderCaptchaPng('K7PX', { seed: 42 }));
    const distinct = new Set(pixels.map(([r, g, b]) => `${r},${g},${b}`));
    expect(distinct.size).toBeGreaterThan(50);
    // "Ink" = clearly darker than the light background.
    const ink = pixels.filter(([r = 0, g = 0, b = 0]) => 0.299 * r + 0.587 * g + 0.114 * b < 160).length;
    const share = ink / pixels.length;
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.6);
  });

  it('keeps the background light', () => {
    const { pixels } = decode(renderCaptchaPng('K7PX', { seed: 42 }));
    const light = pixels.filter(([r = 0, g = 0, b = 0]) => Math.min(r, g, b) > 200).length;
    expect(light / pixels.length).toBeGreaterThan(0.4);
  });

  it('renders every alphabet character', () => {
    for (let i = 0; i < CAPTCHA_ALPHABET.length; i += 4) {
      const text = CAPTCHA_ALPHABET.slice(i, i + 4);
      expect(renderCaptchaPng(text, { seed: i }).subarray(0, 8).equals(SIGNATURE)).toBe(true);
    }
  });

  it('is deterministic for a seed and varies across seeds', () => {
    const a = renderCaptchaPng('K7PX', { seed: 123 });
    const b = renderCaptchaPng('K7PX', { seed: 123 });
    const c = renderCaptchaPng('K7PX', { seed: 124 });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('uses a random seed when none is given', () => {
    expect(renderCaptchaPng('K7PX').equals(renderCaptchaPng('K7PX'))).toBe(false);
  });

  it('throws on characters outside the alphabet', () => {
    for (const text of ['K7P0', 'OK', 'I1', 'L', 'k7px', 'AB C', 'É', '']) {
      expect(() => renderCaptchaPng(text, { seed: 1 }), JSON.stringify(text)).toThrow(RangeError);
    }
  });

  it('rejects invalid sizes', () => {
    expect(() => renderCaptchaPng('K7PX', { width: 0 })).toThrow(RangeError);
    expect(() => renderCaptchaPng('K7PX', { height: 12.5 })).toThrow(RangeError);
  });
});
