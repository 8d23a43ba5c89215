import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationSaved, EmailDetail, EmailRecipient, FileRecord, Page } from '@study-crm/shared';
import { BASE, fullForm, PNG_1x1, staffWith } from './test/application-fixtures.js';
import { startTestApp, TEST_CAPTCHA, type TestApp } from './test/harness.js';
import { startS3Server, type S3Fixture } from './test/s3-fixture.js';
import { addSenderFor, startSmtpServer } from './test/smtp-fixture.js';

import { onPostgres } from './test/engine.js';
const LOGIN = '/api/v1/mc/auth/login/loginName';

// Issue 38: two app servers on one PostgreSQL schema and one S3 bucket, each with its own data directory (as on two
// machines), calls alternating between them. SQLite is one file for one server: several servers need PostgreSQL.
describe.skipIf(!onPostgres)('two app servers on one PostgreSQL and one S3 bucket', () => {
  let a: TestApp;
  let b: TestApp;
  let s3: S3Fixture;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    s3 = await startS3Server();
    smtp = await startSmtpServer({ user: 'office@example.com', pass: 'right-pass' });
    const env = {
      ...s3.env,
      // Every server must seal and open secrets (mail server passwords) with one key.
      MAIL_SECRET_KEY: randomBytes(32).toString('base64'),
      LOGIN_MAX_FAILURES: '20',
      LOGIN_IP_MAX_ATTEMPTS: '1000',
      DELIVERY_POLL_MS: '50',
    };
    a = await startTestApp({ env: { ...env, DATA_DIR: `/tmp/study-crm-a-${randomBytes(4).toString('hex')}` } });
    b = await startTestApp({
      env: { ...env, DATA_DIR: `/tmp/study-crm-b-${randomBytes(4).toString('hex')}` },
      joins: a,
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.close();
    await smtp?.close();
  });

  it('signs in on A and works on B; a logout on A is refused on B', async () => {
    const { token } = await a.login();
    expect((await b.get('/admin/v1/sys/sysConfigs/list', {}, { token })).meta.code).toBe(200);
    expect((await a.post('/api/v1/member/logout', {}, { token })).meta.code).toBe(200);
    expect((await b.get('/admin/v1/sys/sysConfigs/list', {}, { token })).meta.code).toBe(401);
  });

  it('locks an account after parallel wrong passwords split across both servers', async () => {
    await staffWith(a, 'split.guess', []);
    // 25 guesses at once, each with a captcha from one server answered on the other.
    const guesses = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const [issuer, answerer] = i % 2 ? [a, b] : [b, a];
        const key = await issuer.captcha();
        return answerer.post(LOGIN, { loginName: 'split.guess', password: `Wrong#${i}pass`, key, code: TEST_CAPTCHA });
      }),
    );
    expect(guesses.every((g) => g.meta.code !== 200)).toBe(true);
    const key = await a.captcha();
    const right = await b.post(LOGIN, {
      loginName: 'split.guess',
      password: 'Staff#2026pass',
      key,
      code: TEST_CAPTCHA,
    });
    expect(right.meta.code).toBe(1002);
  });

  it('downloads through B a file uploaded through A (one bucket, nothing on either disk)', async () => {
    const { token } = await a.login();
    const appId = (await a.post<ApplicationSaved>(`${BASE}/create`, fullForm(), { token })).data.id;
    const up = await a.upload<FileRecord>(
      `${BASE}/uploadFile`,
      { applicationId: String(appId) },
      { name: 'photo.png', content: PNG_1x1 },
      { token },
    );
    expect(up.meta.code).toBe(200);
    const dl = await b.app.inject({
      method: 'GET',
      url: `${BASE}/downloadFile?id=${up.data.id}&appId=student-admin&mcId=COM`,
      headers: b.headers({ token }),
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.rawPayload.equals(PNG_1x1)).toBe(true);
    expect((await s3.keys()).length).toBeGreaterThan(0);
  });

  it('shows B a configuration change made on A within a second', async () => {
    const { token } = await a.login();
    // B reads (and caches) the absence first.
    expect(await b.app.configs.get('scale.out.key', 'WEB')).toBeNull();
    const added = await a.post(
      '/admin/v1/sys/sysConfigs/add',
      { key: 'scale.out.key', platform: 'WEB', testValue: 'T1' },
      { token },
    );
    expect(added.meta.code).toBe(200);
    expect(await a.app.configs.get('scale.out.key', 'WEB')).toBe('T1');
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await b.app.configs.get('scale.out.key', 'WEB')).toBe('T1');
  });

  it('sends an e-mail queued on A exactly once with both workers running', async () => {
    const { token } = await a.login();
    const senderId = await addSenderFor(b, smtp, { token });
    const recipients = Array.from({ length: 30 }, (_, i) => `pupil${i}@example.com`);
    const queued = await a.post<{ id: number }>(
      '/admin/v1/message/email/add',
      { senderId, platform: 'WEB', recipients: recipients.join(','), subject: 'Both', content: 'hello' },
      { token },
    );
    expect(queued.meta.code).toBe(200);
    let detail: EmailDetail | undefined;
    for (let i = 0; i < 400; i += 1) {
      detail = (await b.get<EmailDetail>('/admin/v1/message/email/view', { id: queued.data.id }, { token })).data;
      if (detail.summary.queued === 0 && detail.summary.sending === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const rows = await b.get<Page<EmailRecipient>>(
      '/admin/v1/message/email/recipients',
      { id: queued.data.id, pageSize: 100 },
      { token },
    );
    expect(rows.data.total).toBe(recipients.length);
    expect(rows.data.list.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(smtp.received.flatMap((r) => r.envelopeTo).sort()).toEqual([...recipients].sort());
  });
});
