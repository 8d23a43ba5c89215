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

  it('stores files locally by default and in an S3-compatible bucket with its settings', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
    expect(
      loadConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'crm-uploads',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'crm-uploads',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'crm-uploads' }).storage).toMatchObject({
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(problemsOf({ STORAGE_DRIVER: 's3' })).toEqual(['S3_BUCKET is required with STORAGE_DRIVER=s3']);
    expect(problemsOf({ STORAGE_DRIVER: 's3', S3_BUCKET: 'Bad_Bucket' }).join('\n')).toMatch(/S3_BUCKET must be/);
    expect(problemsOf({ STORAGE_DRIVER: 's3', S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'ftp://x' }).join('\n')).toMatch(
      /S3_ENDPOINT/,
    );
    expect(problemsOf({ STORAGE_DRIVER: 's3', S3_BUCKET: 'ok-bucket', S3_ACCESS_KEY_ID: 'key' })).toEqual([
      'S3_SECRET_ACCESS_KEY is required with the other S3 key (or leave both unset for the SDK default credentials)',
    ]);
    expect(problemsOf({ STORAGE_DRIVER: 'nfs' }).join('\n')).toMatch(/STORAGE_DRIVER/);
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
