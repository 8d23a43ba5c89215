import { describe, expect, it } from 'vitest';
import { PNG_1x1 } from '../test/application-fixtures.js';
import { useTestApp } from '../test/signed-in.js';
import { sizeLimitText } from './multipart.js';

describe('the size limit a refused upload states', () => {
  const t = useTestApp({ signIn: true });

  it('states the merchant logo limit as 512 KB in every language, not "1 MB"', async () => {
    // A PNG by its first bytes, 700 KB long: over the logo's 512 KB, under the upload limit.
    const content = Buffer.concat([PNG_1x1, Buffer.alloc(700 * 1024 - PNG_1x1.length)]);
    const refusal = async (locale: string) =>
      (await t.upload('/api/v1/merchants/logo', {}, { name: 'logo.png', content }, { token: t.admin.token, locale }))
        .meta;
    const en = await refusal('en-US');
    expect(en.code).toBe(400);
    expect(en.message).toContain('(limit 512 KB)');
    expect((await refusal('zh-TW')).message).toContain('（上限 512 KB）');
    expect((await refusal('zh-CN')).message).toContain('（上限 512 KB）');
  });

  it('gives megabytes to one decimal from 1 MB, never rounded up', () => {
    expect(sizeLimitText(10 * 1024 * 1024)).toBe('10 MB');
    expect(sizeLimitText(1024 * 1024)).toBe('1 MB');
    expect(sizeLimitText(1.99 * 1024 * 1024)).toBe('1.9 MB');
    expect(sizeLimitText(1024 * 1024 - 1)).toBe('1023 KB');
    expect(sizeLimitText(512 * 1024)).toBe('512 KB');
    expect(sizeLimitText(1000)).toBe('1000 B');
  });
});
