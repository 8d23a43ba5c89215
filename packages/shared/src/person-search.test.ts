import { describe, expect, it } from 'vitest';
import { foldForSearch, keywordWords, searchText, searchWords } from './person-search.js';

describe('the search fold', () => {
  it('folds what a CJK input method types in full width to the plain letters, digits and spaces', () => {
    expect(foldForSearch('Ｚｏë　Ａｎｎａ')).toBe('zoe anna');
    expect(foldForSearch('０９１２－３４５')).toBe('0912-345');
    expect(searchWords('ＭＵＬＬＥＲ　Ｋ９８７')).toEqual(['muller', 'k987']);
  });

  it('keeps ideographs and folds accents and case as before', () => {
    expect(foldForSearch('陳美玲')).toBe('陳美玲');
    expect(foldForSearch('  Müller  Zoë ')).toBe('muller zoe');
    expect(searchText(['張偉強', 'Ｗｅｉｑｉａｎｇ', null, ''])).toBe('張偉強 weiqiang');
  });

  it('takes a number typed with its trunk 0 as phones are kept: without the leading zeros', () => {
    expect(keywordWords('0912 345 678')).toEqual(['912', '345', '678']);
    expect(keywordWords('０９３３１１１２２２')).toEqual(['933111222']);
    // A lone 0, and words that are not all digits, stay as typed.
    expect(keywordWords('0 0a12 a012 00')).toEqual(['0', '0a12', 'a012']);
  });
});
