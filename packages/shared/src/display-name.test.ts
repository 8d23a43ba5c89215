import { describe, expect, it } from 'vitest';
import { displayName, isValidEmail } from './helpers.js';

describe('displayName (spec section 3)', () => {
  const all = {
    engLastName: 'Chan',
    engFirstName: 'Tai Man',
    email: 'tm@example.com',
    mobile: '91234567',
    nickName: 'TM',
    fullName: '陳大文',
  };

  it('joins the English last and first names with a space', () => {
    expect(displayName(all)).toBe('Chan Tai Man');
  });
  it('uses the last name alone when the first name is missing', () => {
    expect(displayName({ ...all, engFirstName: null })).toBe('Chan');
  });
  it('uses the first name alone when the last name is blank', () => {
    expect(displayName({ ...all, engLastName: '  ' })).toBe('Tai Man');
  });
  it('falls back to the e-mail without English names', () => {
    expect(displayName({ ...all, engLastName: null, engFirstName: undefined })).toBe('tm@example.com');
  });
  it('then to the mobile', () => {
    expect(displayName({ mobile: '91234567', nickName: 'TM', fullName: '陳大文', email: '' })).toBe('91234567');
  });
  it('then to the nickname', () => {
    expect(displayName({ nickName: ' TM ', fullName: '陳大文' })).toBe('TM');
  });
  it('then to the full name', () => {
    expect(displayName({ fullName: '陳大文' })).toBe('陳大文');
  });
  it('then to the fallback', () => {
    expect(displayName({})).toBe('-');
    expect(displayName({ engLastName: ' ', nickName: '' }, 'Unknown')).toBe('Unknown');
  });
  it('gives the fallback for no member at all', () => {
    expect(displayName(null)).toBe('-');
    expect(displayName(undefined, '?')).toBe('?');
  });
  it('trims the names it joins', () => {
    expect(displayName({ engLastName: ' Wong ', engFirstName: ' Ada ' })).toBe('Wong Ada');
  });
});

describe('isValidEmail (spec section 5)', () => {
  it.each([
    'a@b.co',
    '  someone@example.com  ',
    'first.last+tag@mail.example.org',
    "o'brien_x-y@example.co.uk",
    '陳@例子.台灣',
  ])('accepts %s', (v) => {
    expect(isValidEmail(v)).toBe(true);
  });
  it.each(['', 'plain', 'a@b', '@b.com', 'a@.com', 'a@b.', 'a b@c.com', 'a@@b.com', null, undefined])(
    'refuses %s',
    (v) => {
      expect(isValidEmail(v)).toBe(false);
    },
  );
  // A character an address header gives a meaning to: the mail library would send elsewhere than stored.
  it.each([
    'Bob<bob@x.com',
    'bob@x.com>',
    'bob(c)@x.com',
    '"bob"@x.com',
    'a,b@x.com',
    'a;b@x.com',
    'a:b@x.com',
    'a[b]@x.com',
    'a\\b@x.com',
    'bob@x(y).com',
  ])('refuses %s (a header special)', (v) => {
    expect(isValidEmail(v)).toBe(false);
  });
  // One address of a list is capped by this alone (the list's field only as a whole): past 254 it would not fit
  // the outbox's recipient column.
  it('refuses an address longer than 254 characters, accepting one of 254', () => {
    const of = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    expect(isValidEmail(of(254))).toBe(true);
    expect(isValidEmail(`  ${of(254)}  `)).toBe(true);
    expect(isValidEmail(of(255))).toBe(false);
    expect(isValidEmail(of(400))).toBe(false);
  });
});
