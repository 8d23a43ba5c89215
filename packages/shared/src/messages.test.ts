import { describe, expect, it } from 'vitest';
import { CODE_MESSAGE, Code } from './codes.js';
import { LOCALES } from './locale.js';
import { MESSAGES, formatMessage } from './messages.js';

describe('message catalogue', () => {
  it('has every message in all three languages, with the same placeholders', () => {
    for (const [key, texts] of Object.entries(MESSAGES)) {
      const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const locale of LOCALES) {
        expect(texts[locale], `${key} ${locale}`).toBeTruthy();
        expect(placeholders(texts[locale]), `${key} ${locale}`).toEqual(placeholders(texts['en-US']));
      }
    }
  });

  it('gives every code a message', () => {
    for (const code of Object.values(Code)) expect(MESSAGES[CODE_MESSAGE[code]]).toBeDefined();
  });

  it('implements the spec catalogue exactly', () => {
    const en = (code: Code) => formatMessage(CODE_MESSAGE[code], 'en-US');
    expect(en(9004)).toBe('User does not exist');
    expect(en(4001)).toBe('Verification code error');
    expect(en(6400)).toBe('You are not an administrator and cannot log in');
    expect(formatMessage('passwordIncorrect', 'en-US')).toBe('Incorrect password');
    expect(en(9000)).toBe('Your network is not working [9000]');
    expect(en(403)).toMatch(/^Your network is not working \[403\]/);
    expect(formatMessage('badRequest', 'en-US', { detail: 'The e-mail address is required', field: 'email' })).toBe(
      'The e-mail address is required. Check it and try again. [400 · email]',
    );
    expect(en(5403)).toBe('This email already exists');
    expect(en(5402)).toBe('This phone number already exists');
    expect(en(1202)).toBe('Fixed share ratios exceed 100%');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('accountLocked', 'en-US', { minutes: 5 })).toContain('5 minutes');
    expect(formatMessage('fileTypeError', 'en-US')).toBe('File type error: {file}');
  });
});
