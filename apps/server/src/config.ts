import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MERCHANT_ID, PASSWORD_MAX, PASSWORD_MIN, PLATFORM } from '@study-crm/shared';
import { CAPTCHA_ALPHABET } from './lib/captcha-image.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const int = (def: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(def);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: int(8080, 0, 65535),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    // PostgreSQL connections per server process (each request runs several short queries).
    PG_POOL_MAX: int(20, 1, 500),
    ADMIN_LOGIN: z
      .string()
      .regex(/^[A-Za-z0-9._@-]{3,60}$/, 'must be 3 to 60 letters, digits or . _ @ -')
      .default('admin'),
    ADMIN_PASSWORD: z
      .string()
      .min(PASSWORD_MIN, `must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`)
      .max(PASSWORD_MAX, `must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`)
      .optional(),
    APP_ID: z.string().min(1).max(64).default('student-admin'),
    MC_ID: z.string().min(1).max(32).default(MERCHANT_ID),
    PLATFORM: z.string().min(1).max(32).default(PLATFORM),
    CLIENT_SIGN: z.string().min(8, 'must be at least 8 characters').max(256).default('sadmin-web-2026'),
    // Drawn like any captcha, so only from the captcha's alphabet (no 0/O, 1/I/L).
    CAPTCHA_TEST_CODE: z
      .string()
      .regex(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`), `must be 4 characters of ${CAPTCHA_ALPHABET}`)
      .optional(),
    SESSION_IDLE_MINUTES: int(120, 1, 60 * 24 * 7),
    SESSION_MAX_HOURS: int(12, 1, 24 * 30),
    LOGIN_MAX_FAILURES: int(5, 1, 100),
    LOGIN_LOCK_MINUTES: int(15, 1, 24 * 60),
    LOGIN_IP_MAX_ATTEMPTS: int(30, 1, 10_000),
    LOGIN_IP_WINDOW_MINUTES: int(15, 1, 24 * 60),
    CAPTCHA_TTL_SECONDS: int(300, 30, 3600),
    UPLOAD_MAX_MB: int(20, 1, 1024),
    // Where uploaded files live: a directory under DATA_DIR (one server) or S3-compatible object storage (several).
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be 3 to 63 lower-case letters, digits, dots or hyphens')
      .optional(),
    S3_ENDPOINT: z
      .url()
      .regex(/^https?:\/\//, 'must be an http(s) URL')
      .optional(),
    S3_REGION: z.string().trim().min(1).max(64).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).max(512).optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
    CONFIG_ENV: z.enum(['production', 'testing']).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    DELIVERY_WORKER: z.enum(['on', 'off']).default('on'),
    // How often the worker runs the daily application reminders (issue 40); each run is for the UK day.
    REMINDER_EVERY_SECONDS: int(3600, 1, 24 * 3600),
    // The reminders also e-mailed to the teacher through the outbox (issue 40).
    REMINDER_EMAIL: z.enum(['on', 'off']).default('off'),
    // The follow-up completion ratio counts the Student visa checklist's steps too (issue 40).
    VISA_STEPS_IN_RATIO: z.enum(['on', 'off']).default('off'),
    DELIVERY_POLL_MS: int(1000, 10, 60_000),
    // Background jobs (issue 39, docs/export.md): how often an idle worker looks for one, the claim's lease, how
    // long a finished job's file can be downloaded, and the most rows an export streams directly (more: a job).
    JOB_POLL_MS: int(2000, 10, 60_000),
    JOB_LEASE_SECONDS: int(60, 1, 3600),
    JOB_FILE_HOURS: int(72, 1, 24 * 90),
    // How long a written import run keeps its rows (people's data as imported) and its result sheet (docs/import.md).
    IMPORT_KEEP_DAYS: int(30, 1, 365),
    EXPORT_DIRECT_MAX_ROWS: int(10_000, 1, 1_000_000),
    // The operation log counts a filter's entries up to this many; past it the total reads "more than" (decision 249).
    AUDIT_COUNT_CAP: int(1_000, 1, 10_000_000),
    DELIVERY_BATCH: int(20, 1, 500),
    // E-mails to one mail server (its mail, or its system mail) one server sends at once.
    DELIVERY_LANE_CONCURRENCY: int(3, 1, 50),
    DELIVERY_LEASE_SECONDS: int(120, 1, 3600),
    DELIVERY_MAX_ATTEMPTS: int(8, 1, 50),
    DELIVERY_BACKOFF_MS: int(30_000, 1, 3_600_000),
    DELIVERY_BACKOFF_MAX_MS: int(3_600_000, 1, 86_400_000),
    MAIL_SECRET_KEY: z
      .string()
      .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64 (44 characters)')
      .optional(),
    TEMPLATE_FRAME_HOSTS: z.string().default(''),
    // Role names (e.g. ROLE_ADMIN) whose members must use two-factor sign-in.
    TWO_FACTOR_ROLES: z
      .string()
      .default('')
      .refine((v) => v.split(',').every((r) => /^(ROLE_[A-Za-z0-9_]+)?$/.test(r.trim())), 'role names like ROLE_ADMIN'),
    TWO_FACTOR_ISSUER: z.string().trim().min(1).max(60).default('Study CRM Admin'),
    PORTAL_URL: z.url().optional(),
    // Behind a reverse proxy: which X-Forwarded-For hops to believe (false, true, a hop count, or addresses/CIDRs).
    TRUST_PROXY: z
      .string()
      .trim()
      .refine(
        (v) =>
          /^(true|false|\d{1,2})?$/.test(v) ||
          v
            .split(',')
            .every(
              (a) =>
                net.isIP(a.trim().split('/')[0] ?? '') !== 0 || /^(loopback|linklocal|uniquelocal)$/.test(a.trim()),
            ),
        'must be true, false, a hop count, or comma-separated addresses/CIDRs',
      )
      .default('false'),
    API_DOCS: z.enum(['on', 'off']).optional(),
    CAPTCHA_IP_MAX_PER_MINUTE: int(30, 1, 10_000),
    // SMS gateway (issue 17): unset URL = the embedded provider, which records every SMS as not delivered.
    SMS_GATEWAY_URL: z.url().optional(),
    SMS_GATEWAY_KEY: z.string().min(1).max(256).optional(),
    SMS_GATEWAY_SECRET: z.string().min(16, 'must be at least 16 characters').max(512).optional(),
    SMS_GATEWAY_TIMEOUT_MS: int(10_000, 100, 120_000),
    SMS_GATEWAY_FROM: z.string().trim().max(16).optional(),
    RESET_CODE_MAX_PER_HOUR: int(20, 1, 10_000),
    // XiaoK's language model (issue 20): any OpenAI-compatible chat-completions endpoint; unset URL = the embedded
    // answerer only.
    ASSISTANT_MODEL_URL: z
      .url()
      .regex(/^https?:\/\//, 'must be an http(s) URL')
      .optional(),
    ASSISTANT_MODEL_KEY: z.string().min(1).max(1024).optional(),
    ASSISTANT_MODEL_NAME: z.string().trim().min(1).max(200).optional(),
    ASSISTANT_TIMEOUT_MS: int(60_000, 100, 600_000),
    ASSISTANT_FIRST_BYTE_MS: int(15_000, 100, 120_000),
    ASSISTANT_RATE_PER_MINUTE: int(10, 1, 1000),
    ASSISTANT_HISTORY_MESSAGES: int(12, 0, 100),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.CAPTCHA_TEST_CODE) {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_TEST_CODE'],
        message: 'is a test-only setting and is refused when NODE_ENV=production',
      });
    }
    if (env.ASSISTANT_MODEL_URL && !env.ASSISTANT_MODEL_NAME) {
      ctx.addIssue({ code: 'custom', path: ['ASSISTANT_MODEL_NAME'], message: 'is required with ASSISTANT_MODEL_URL' });
    }
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required with STORAGE_DRIVER=s3' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'is required with the other S3 key (or leave both unset for the SDK default credentials)',
      });
    }
    if (env.SMS_GATEWAY_URL && !env.SMS_GATEWAY_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SMS_GATEWAY_SECRET'], message: 'is required with SMS_GATEWAY_URL' });
    }
  });

type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

function parseTrustProxy(v: string): TrustProxy {
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  // A hop count: the closest n proxies are believed.
  if (/^\d+$/.test(v)) return (_address, hop) => hop < Number(v);
  return v.split(',').map((a) => a.trim());
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  pgPoolMax: number;
  adminLogin: string;
  adminPassword: string | undefined;
  appId: string;
  mcId: string;
  platform: string;
  clientSign: string;
  captchaTestCode: string | undefined;
  sessionIdleMs: number;
  sessionMaxMs: number;
  loginMaxFailures: number;
  loginLockMs: number;
  loginIpMaxAttempts: number;
  loginIpWindowMs: number;
  captchaTtlMs: number;
  uploadMaxBytes: number;
  // Uploaded files: the local directory (DATA_DIR/uploads) or an S3-compatible bucket.
  storage:
    | { driver: 'local' }
    | {
        driver: 's3';
        bucket: string;
        endpoint: string | undefined;
        region: string;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        forcePathStyle: boolean;
      };
  configEnv: 'production' | 'testing';
  logLevel: string;
  webDist: string;
  // Issue 40: reminders e-mailed too; checklist steps in the follow-up ratio.
  reminderEmail: boolean;
  visaStepsInRatio: boolean;
  delivery: {
    isWorkerOn: boolean;
    reminderEveryMs: number;
    pollMs: number;
    // Rows one server has in flight at most, in all lanes.
    batch: number;
    laneConcurrency: number;
    leaseMs: number;
    maxAttempts: number;
    backoffMs: number;
    backoffMaxMs: number;
  };
  jobs: { pollMs: number; leaseMs: number; keepMs: number; directMaxRows: number };
  // A written import run, its rows and result sheet are removed this long after its write ended.
  importKeepMs: number;
  // The most entries the operation log counts for its total (decision 249).
  auditCountCap: number;
  // base64 AES-256 key for mail sender passwords; undefined: a key file under dataDir is used (created once).
  mailSecretKey: string | undefined;
  // Hosts a template's HTML frame may be fetched from (lower case, exact match).
  templateFrameHosts: string[];
  // The portal's address, offered to templates as {{ portal.link }}.
  portalUrl: string;
  trustProxy: TrustProxy;
  apiDocs: boolean;
  captchaIpMaxPerMinute: number;
  // Forgotten-password codes one network address may request per hour.
  resetCodeMaxPerHour: number;
  // Members holding one of these roles must set up two-factor sign-in before using anything else.
  twoFactorRoles: string[];
  // The name authenticator apps show for the portal's codes.
  twoFactorIssuer: string;
  // The HTTP SMS gateway; undefined: none configured (SMS are recorded as not delivered).
  smsGateway:
    { url: string; key: string | undefined; secret: string; timeoutMs: number; from: string | undefined } | undefined;
  // XiaoK, the assistant: the language model (undefined: the embedded answerer only), its time limits, the
  // per-member question limit and how many earlier messages of the conversation the model sees.
  assistant: {
    model: { url: string; key: string | undefined; name: string } | undefined;
    timeoutMs: number;
    firstByteMs: number;
    ratePerMinute: number;
    historyMessages: number;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// Reads settings from the environment; unknown variables are ignored, invalid ones refused.
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`));
  }
  const e = parsed.data;
  const minute = 60_000;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgPoolMax: e.PG_POOL_MAX,
    adminLogin: e.ADMIN_LOGIN,
    adminPassword: e.ADMIN_PASSWORD,
    appId: e.APP_ID,
    mcId: e.MC_ID,
    platform: e.PLATFORM,
    clientSign: e.CLIENT_SIGN,
    captchaTestCode: e.CAPTCHA_TEST_CODE,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * minute,
    sessionMaxMs: e.SESSION_MAX_HOURS * 60 * minute,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockMs: e.LOGIN_LOCK_MINUTES * minute,
    loginIpMaxAttempts: e.LOGIN_IP_MAX_ATTEMPTS,
    loginIpWindowMs: e.LOGIN_IP_WINDOW_MINUTES * minute,
    captchaTtlMs: e.CAPTCHA_TTL_SECONDS * 1000,
    uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET!,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : { driver: 'local' },
    configEnv: e.CONFIG_ENV ?? (e.NODE_ENV === 'production' ? 'production' : 'testing'),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(here, '../../web/dist')),
    reminderEmail: e.REMINDER_EMAIL === 'on',
    visaStepsInRatio: e.VISA_STEPS_IN_RATIO === 'on',
    delivery: {
      isWorkerOn: e.DELIVERY_WORKER === 'on',
      reminderEveryMs: e.REMINDER_EVERY_SECONDS * 1000,
      pollMs: e.DELIVERY_POLL_MS,
      batch: e.DELIVERY_BATCH,
      laneConcurrency: e.DELIVERY_LANE_CONCURRENCY,
      leaseMs: e.DELIVERY_LEASE_SECONDS * 1000,
      maxAttempts: e.DELIVERY_MAX_ATTEMPTS,
      backoffMs: e.DELIVERY_BACKOFF_MS,
      backoffMaxMs: e.DELIVERY_BACKOFF_MAX_MS,
    },
    jobs: {
      pollMs: e.JOB_POLL_MS,
      leaseMs: e.JOB_LEASE_SECONDS * 1000,
      keepMs: e.JOB_FILE_HOURS * 3_600_000,
      directMaxRows: e.EXPORT_DIRECT_MAX_ROWS,
    },
    importKeepMs: e.IMPORT_KEEP_DAYS * 86_400_000,
    auditCountCap: e.AUDIT_COUNT_CAP,
    mailSecretKey: e.MAIL_SECRET_KEY,
    templateFrameHosts: e.TEMPLATE_FRAME_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    portalUrl: e.PORTAL_URL ?? `http://${e.HOST}:${e.PORT}/sadmin`,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    apiDocs: (e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    captchaIpMaxPerMinute: e.CAPTCHA_IP_MAX_PER_MINUTE,
    resetCodeMaxPerHour: e.RESET_CODE_MAX_PER_HOUR,
    twoFactorRoles: e.TWO_FACTOR_ROLES.split(',')
      .map((r) => r.trim())
      .filter(Boolean),
    twoFactorIssuer: e.TWO_FACTOR_ISSUER,
    smsGateway:
      e.SMS_GATEWAY_URL && e.SMS_GATEWAY_SECRET
        ? {
            url: e.SMS_GATEWAY_URL,
            key: e.SMS_GATEWAY_KEY,
            secret: e.SMS_GATEWAY_SECRET,
            timeoutMs: e.SMS_GATEWAY_TIMEOUT_MS,
            from: e.SMS_GATEWAY_FROM || undefined,
          }
        : undefined,
    assistant: {
      model:
        e.ASSISTANT_MODEL_URL && e.ASSISTANT_MODEL_NAME
          ? { url: e.ASSISTANT_MODEL_URL.replace(/\/+$/, ''), key: e.ASSISTANT_MODEL_KEY, name: e.ASSISTANT_MODEL_NAME }
          : undefined,
      timeoutMs: e.ASSISTANT_TIMEOUT_MS,
      firstByteMs: e.ASSISTANT_FIRST_BYTE_MS,
      ratePerMinute: e.ASSISTANT_RATE_PER_MINUTE,
      historyMessages: e.ASSISTANT_HISTORY_MESSAGES,
    },
  };
}
