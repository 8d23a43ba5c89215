import { describe, expect, it } from 'vitest';
import { replaceWords, wordPattern } from './erasure-scrub.js';

const scrub = (text: string, ...values: string[]) =>
  replaceWords(
    text,
    values.map(wordPattern).filter((p) => p !== null),
    'X',
  );

describe("the erasure's word matcher", () => {
  it('finds a Latin value only as a whole word, case-insensitively, also next to Chinese text', () => {
    expect(scrub('Ann met Annabel Channing; ANN. 親愛的Ann您好', 'Ann')).toBe('X met Annabel Channing; X. 親愛的X您好');
    expect(scrub('ann2 and 2ann and Ann-Marie', 'Ann')).toBe('ann2 and 2ann and X-Marie');
    expect(scrub('write to ann.t@example.com, not xann.t@example.com', 'ann.t@example.com')).toBe(
      'write to X, not xann.t@example.com',
    );
  });

  it('finds a Chinese value of two characters or more anywhere, and ignores shorter values', () => {
    expect(scrub('王明同學的護照', '王明')).toBe('X同學的護照');
    expect(scrub('王小明', '王')).toBe('王小明');
    expect(scrub('Al and Alan', 'Al')).toBe('Al and Alan');
  });
});
