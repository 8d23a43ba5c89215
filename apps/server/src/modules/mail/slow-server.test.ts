import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailDetail, EmailRecipient, Page } from '@study-crm/shared';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { addSenderFor, startSmtpServer } from '../../test/smtp-fixture.js';
import { onPostgres } from '../../test/engine.js';

const EMAIL = '/admin/v1/message/email';
// The slow server answers MAIL FROM, RCPT TO and the end of DATA after 700 ms each: one e-mail takes over 2 s,
// longer than the 2-second lease, so only a worker that renews its claims keeps them.
const SLOW_MS = 700;
const env = {
  DELIVERY_POLL_MS: '50',
  DELIVERY_LEASE_SECONDS: '2',
  DELIVERY_BACKOFF_MS: '50',
  DELIVERY_BACKOFF_MAX_MS: '100',
};

// Several app servers on one PostgreSQL schema need PostgreSQL: SQLite is one file for one server.
describe.skipIf(!onPostgres)('the outbox under a slow mail server, two servers on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let token: string;
  let slow: Awaited<ReturnType<typeof startSmtpServer>>;
  let fast: Awaited<ReturnType<typeof startSmtpServer>>;
  let slowId: number;
  let fastId: number;

  beforeAll(async () => {
    slow = await startSmtpServer({ user: 'slow@example.com', pass: 'slow-pass', delayMs: SLOW_MS });
    fast = await startSmtpServer({ user: 'fast@example.com', pass: 'fast-pass' });
    a = await startTestApp({ env });
    b = await startTestApp({ env, joins: a });
    token = (await a.login()).token;
    slowId = await addSenderFor(b, slow, { token }, { displayName: slow.user });
    fastId = await addSenderFor(b, fast, { token }, { displayName: fast.user });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await slow?.close();
    await fast?.close();
  });

  const send = (app: TestApp, senderId: number, recipients: string[], subject: string) =>
    app.post<{ id: number }>(
      `${EMAIL}/add`,
      { senderId, platform: 'WEB', recipients: recipients.join(','), subject, content: 'hello' },
      { token },
    );

  it('sends every recipient exactly once although each e-mail outlives the lease, and a healthy server is not held up', async () => {
    const recipients = Array.from({ length: 12 }, (_, i) => `student${i}@example.com`);
    const queued = await send(a, slowId, recipients, 'Slow');
    expect(queued.meta.code).toBe(200);
    // Both servers are busy with the slow server's e-mails (past the first lease) when a healthy server's e-mail is
    // queued on B.
    await new Promise((r) => setTimeout(r, 2_500));
    const startedAt = Date.now();
    expect((await send(b, fastId, ['parent@example.com'], 'Fast')).meta.code).toBe(200);
    while (fast.received.length === 0 && Date.now() - startedAt < 20_000) await new Promise((r) => setTimeout(r, 20));
    const fastMs = Date.now() - startedAt;
    expect(fast.received).toHaveLength(1);
    expect(fastMs).toBeLessThan(2_500);

    let detail: EmailDetail | undefined;
    for (let i = 0; i < 400; i += 1) {
      detail = (await a.get<EmailDetail>(`${EMAIL}/view`, { id: queued.data.id }, { token })).data;
      if (detail.summary.queued === 0 && detail.summary.sending === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const rows = await a.get<Page<EmailRecipient>>(`${EMAIL}/recipients`, { id: queued.data.id }, { token });
    expect(rows.data.total).toBe(recipients.length);
    expect(rows.data.list.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    // Exactly once each: no second server took over a row whose worker was still sending it.
    const got = slow.received.flatMap((r) => r.envelopeTo).sort();
    expect(got).toEqual([...recipients].sort());
  }, 60_000);
});
