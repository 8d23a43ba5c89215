import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe('configuration', () => {
  it('has safe defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', adminLogin: 'admin', mcId: 'COM', platform: 'WEB' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.adminPassword).toBeUndefined();
    expect(c.captchaTestCode).toBeUndefined();
    expect(c.configEnv).toBe('testing');
    expect(loadConfig({ NODE_ENV: 'production' }).configEnv).toBe('production');
  });

  it('names every invalid setting', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      ADMIN_PASSWORD: 'short',
      CLIENT_SIGN: 'abc',
    });
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL must start with postgres:\/\//);
    expect(problems.join('\n')).toMatch(/ADMIN_PASSWORD must be 8 to 20 characters/);
    expect(problems.join('\n')).toMatch(/CLIENT_SIGN/);
  });

  it('refuses the test captcha setting in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', CAPTCHA_TEST_CODE: 'ABCD' })).toEqual([
      'CAPTCHA_TEST_CODE is a test-only setting and is refused when NODE_ENV=production',
    ]);
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_TEST_CODE: 'ABCD' }).captchaTestCode).toBe('ABCD');
    // A character the captcha never draws would make every captcha picture fail (a 500): refused at start.
    expect(problemsOf({ NODE_ENV: 'test', CAPTCHA_TEST_CODE: 'LH26' })).toEqual([
      'CAPTCHA_TEST_CODE must be 4 characters of 23456789ABCDEFGHJKMNPQRSTUVWXYZ',
    ]);
  });

  it('switches to PostgreSQL with a postgres:// URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).databaseUrl).toBe('postgres://u@h:5432/db');
  });

  it('configures XiaoK’s model only with a URL and a model name, and the embedded answerer alone by default', () => {
    expect(loadConfig({}).assistant).toEqual({
      model: undefined,
      timeoutMs: 60_000,
      firstByteMs: 15_000,
      ratePerMinute: 10,
      historyMessages: 12,
    });
    expect(problemsOf({ ASSISTANT_MODEL_URL: 'https://llm.example.com/v1' })).toEqual([
      'ASSISTANT_MODEL_NAME is required with ASSISTANT_MODEL_URL',
    ]);
    expect(problemsOf({ ASSISTANT_MODEL_URL: 'ftp://x', ASSISTANT_MODEL_NAME: 'm' }).join()).toMatch(
      /ASSISTANT_MODEL_URL/,
    );
    const c = loadConfig({
      ASSISTANT_MODEL_URL: 'https://llm.example.com/v1/',
      ASSISTANT_MODEL_NAME: 'm',
      ASSISTANT_MODEL_KEY: 'k',
    });
    expect(c.assistant.model).toEqual({ url: 'https://llm.example.com/v1', key: 'k', name: 'm' });
  });
});
