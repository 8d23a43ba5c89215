import { describe, expect, it } from 'vitest';
import { resolveLocale } from './locale.js';

describe('resolveLocale', () => {
  it('defaults to zh-TW without a header', () => {
    expect(resolveLocale(undefined)).toBe('zh-TW');
    expect(resolveLocale('')).toBe('zh-TW');
  });
  it('maps the supported languages and their variants', () => {
    expect(resolveLocale('zh-TW')).toBe('zh-TW');
    expect(resolveLocale('zh-Hant-HK')).toBe('zh-TW');
    expect(resolveLocale('zh-CN')).toBe('zh-CN');
    expect(resolveLocale('zh')).toBe('zh-CN');
    expect(resolveLocale('en-GB')).toBe('en-US');
  });
  it('honours quality weights', () => {
    expect(resolveLocale('fr;q=1, en-US;q=0.5, zh-CN;q=0.8')).toBe('zh-CN');
  });
  it('falls back to en-US for unsupported languages', () => {
    expect(resolveLocale('fr-FR,de;q=0.8')).toBe('en-US');
  });
});
