import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseId, displayName, ID_ALPHABET, randomId, yearMonth } from './helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('randomId', () => {
  it('is 32 characters of the 62-character alphabet by default', () => {
    expect(ID_ALPHABET).toHaveLength(62);
    const id = randomId();
    expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('honours a requested length and differs between calls', () => {
    expect(randomId(6)).toHaveLength(6);
    expect(randomId(1)).toHaveLength(1);
    expect(randomId()).not.toBe(randomId());
  });

  it('refuses a length that is not a positive integer', () => {
    expect(() => randomId(0)).toThrow(RangeError);
    expect(() => randomId(-3)).toThrow(RangeError);
    expect(() => randomId(2.5)).toThrow(RangeError);
  });

  it('skips biased bytes (248 and above) so every character stays equally likely', () => {
    let call = 0;
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(arr: T) => {
      const bytes = arr as unknown as Uint8Array;
      // First fill: only rejected bytes; second fill: 0 and 61 → 'A' and '9'.
      bytes.fill(call++ === 0 ? 250 : 0);
      if (call === 2) bytes[1] = 61;
      return arr;
    });
    expect(randomId(2)).toBe('A9');
    expect(call).toBe(2);
  });
});

describe('baseId', () => {
  it('is the prefix, 6 random characters and the timestamp', () => {
    expect(baseId('base', 1_700_000_000_000)).toMatch(/^base[A-Za-z0-9]{6}1700000000000$/);
    expect(baseId('img', 5)).toMatch(/^img[A-Za-z0-9]{6}5$/);
  });

  it('defaults to the prefix base and the current time', () => {
    vi.spyOn(Date, 'now').mockReturnValue(42);
    expect(baseId()).toMatch(/^base[A-Za-z0-9]{6}42$/);
  });
});

describe('yearMonth', () => {
  it('gives YYYYMM with a zero-padded month', () => {
    expect(yearMonth(new Date(2026, 0, 15))).toBe('202601');
    expect(yearMonth(new Date(2026, 10, 22))).toBe('202611');
  });

  it('defaults to today', () => {
    const now = new Date();
    expect(yearMonth()).toBe(`${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`);
  });
});

describe('displayName', () => {
  it('joins English last and first name with a space', () => {
    expect(displayName({ engLastName: ' Chen ', engFirstName: 'Amy', email: 'a@b.co' })).toBe('Chen Amy');
  });

  it('uses whichever English name exists', () => {
    expect(displayName({ engLastName: 'Chen', engFirstName: '  ' })).toBe('Chen');
    expect(displayName({ engLastName: null, engFirstName: 'Amy' })).toBe('Amy');
  });

  it('falls back to e-mail, mobile, nickName, then fullName', () => {
    expect(displayName({ email: 'a@b.co', mobile: '0912', nickName: 'n', fullName: 'f' })).toBe('a@b.co');
    expect(displayName({ email: '', mobile: ' 0912 ', nickName: 'n', fullName: 'f' })).toBe('0912');
    expect(displayName({ nickName: 'Nick', fullName: 'Full' })).toBe('Nick');
    expect(displayName({ fullName: '陳小明' })).toBe('陳小明');
  });

  it('gives the fallback when nothing is present', () => {
    expect(displayName({})).toBe('-');
    expect(displayName(null)).toBe('-');
    expect(displayName(undefined, '—')).toBe('—');
    expect(displayName({ engLastName: ' ', email: null }, 'n/a')).toBe('n/a');
  });
});
