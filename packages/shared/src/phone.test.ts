import { describe, expect, it } from 'vitest';
import { PHONE_REGIONS, isValidMobile, normalizeAreaCode, normalizeMobile, phoneRegion } from './phone.js';

describe('mobile numbers by region', () => {
  it.each([
    ['44', '7700900123'],
    ['44', '07700 900123'],
    ['86', '13812345678'],
    ['852', '91234567'],
    ['853', '66123456'],
    ['886', '912345678'],
    ['886', '0912-345-678'],
    ['1', '4155550123'],
    ['65', '81234567'],
    ['61', '412345678'],
    ['+44', '7700900123'],
  ])('accepts %s %s', (code, mobile) => {
    expect(isValidMobile(code, mobile)).toBe(true);
  });

  it.each([
    ['44', '770090012'], // one digit short
    ['44', '2079460000'], // a landline
    ['86', '23812345678'],
    ['86', '1381234567'],
    ['852', '1234567'],
    ['853', '56123456'],
    ['886', '812345678'],
    ['1', '1155550123'],
    ['65', '61234567'],
    ['61', '312345678'],
  ])('refuses %s %s', (code, mobile) => {
    expect(isValidMobile(code, mobile)).toBe(false);
  });

  it('applies 4 to 15 digits to an area code outside the table', () => {
    expect(phoneRegion('49')).toBeUndefined();
    expect(isValidMobile('49', '1512345678')).toBe(true);
    expect(isValidMobile('49', '123')).toBe(false);
    expect(isValidMobile('49', '1234567890123456')).toBe(false);
    expect(isValidMobile('49', '12ab5678')).toBe(false);
  });

  it('refuses a missing or malformed area code or number', () => {
    expect(isValidMobile(null, '7700900123')).toBe(false);
    expect(isValidMobile('', '7700900123')).toBe(false);
    expect(isValidMobile('44444', '7700900123')).toBe(false);
    expect(isValidMobile('44', null)).toBe(false);
    expect(isValidMobile('44', undefined)).toBe(false);
  });

  it('normalises area codes and numbers', () => {
    expect(normalizeAreaCode(' +852 ')).toBe('852');
    expect(normalizeAreaCode('abc')).toBeUndefined();
    expect(normalizeAreaCode(undefined)).toBeUndefined();
    expect(normalizeMobile('44', '(077) 009-00123')).toBe('7700900123');
    // North American numbers have no trunk zero to drop.
    expect(normalizeMobile('1', '0155550123')).toBe('0155550123');
  });

  it('lists each area code once', () => {
    const codes = PHONE_REGIONS.map((r) => r.areaCode);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
