import { describe, expect, it } from 'vitest';
import { keywordWords } from '@study-crm/shared';
import { maskedBut, toStaffOption } from './project.mapper.js';

// The staff picker's masked contacts: only what was typed shows, each other run of characters one mask.
describe('maskedBut', () => {
  it('keeps the parts that hold a word of the search, folded as the search folds', () => {
    expect(maskedBut('amy.chan@example.com', ['chan@exam'])).toBe('•••chan@exam•••');
    expect(maskedBut('amy.chan@example.com', ['amy', 'com'])).toBe('amy•••com');
    expect(maskedBut('amy.chan@example.com', ['amy.chan@example.com'])).toBe('amy.chan@example.com');
    expect(maskedBut('ZOË@EXAMPLE.COM', ['zoe'])).toBe('ZOË•••');
    expect(maskedBut('912345678', keywordWords('0912'))).toBe('912•••');
    expect(maskedBut('912345678', ['45', '78'])).toBe('•••45•••78');
  });

  it('hides the whole of a text no word is in', () => {
    expect(maskedBut('amy.chan@example.com', [])).toBe('•••');
    expect(maskedBut('amy.chan@example.com', ['zzz'])).toBe('•••');
  });
});

describe('toStaffOption', () => {
  it('masks an e-mail or mobile that matched, and keeps the names as stored', () => {
    const row = {
      id: 7,
      loginName: 'achan',
      email: 'amy.chan@example.com',
      fullName: '陳美玲',
      nickName: null,
      engFirstName: 'Amy',
      engLastName: 'Chan',
      mobile: '912345678',
    };
    const option = toStaffOption(
      {
        ...row,
        matched: [
          { field: 'name', value: 'Chan Amy' },
          { field: 'loginName', value: 'achan' },
          { field: 'email', value: 'amy.chan@example.com' },
          { field: 'mobile', value: '912345678' },
        ],
      },
      ['chan', 'exam', '345'],
    );
    expect(option).toEqual({
      id: 7,
      name: 'Chan Amy',
      matched: [
        { field: 'name', value: 'Chan Amy' },
        { field: 'loginName', value: 'achan' },
        { field: 'email', value: '•••chan•••exam•••' },
        { field: 'mobile', value: '•••345•••' },
      ],
    });
  });
});
