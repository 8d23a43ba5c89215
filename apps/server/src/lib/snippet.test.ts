import { describe, expect, it } from 'vitest';
import { fitFileName, snippet } from './snippet.js';

describe('snippet', () => {
  it('folds white space and cuts past the limit with an ellipsis', () => {
    expect(snippet('  a\n\tb  c ', 10)).toBe('a b c');
    expect(snippet('abcdef', 6)).toBe('abcdef');
    expect(snippet('abcdefg', 6)).toBe('abcdef…');
    expect(snippet('', 6)).toBe('');
  });
});

describe('fitFileName', () => {
  it('cuts a name past its column to fit, keeping the extension and whole characters', () => {
    expect(fitFileName('short.xlsx', 120)).toBe('short.xlsx');
    const long = `${'名'.repeat(195)}-result.xlsx`;
    const fitted = fitFileName(long, 120);
    expect(Array.from(fitted)).toHaveLength(120);
    expect(fitted).toBe(`${'名'.repeat(115)}.xlsx`);
    expect(fitFileName(`${'😀'.repeat(10)}.xlsx`, 8)).toBe('😀😀😀.xlsx');
    // No extension (or a "part after a dot" too long to be one): cut at the end.
    expect(fitFileName('a'.repeat(130), 120)).toBe('a'.repeat(120));
    expect(fitFileName(`a.${'b'.repeat(130)}`, 120)).toBe(`a.${'b'.repeat(118)}`);
  });
});
