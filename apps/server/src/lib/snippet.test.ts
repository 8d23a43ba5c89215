import { describe, expect, it } from 'vitest';
import { snippet } from './snippet.js';

describe('snippet', () => {
  it('folds white space and cuts past the limit with an ellipsis', () => {
    expect(snippet('  a\n\tb  c ', 10)).toBe('a b c');
    expect(snippet('abcdef', 6)).toBe('abcdef');
    expect(snippet('abcdefg', 6)).toBe('abcdef…');
    expect(snippet('', 6)).toBe('');
  });
});
