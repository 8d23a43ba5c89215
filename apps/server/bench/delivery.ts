import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { BuiltApp } from '../src/app.js';

type Auth = { headers: Record<string, string>; common: string };

// Queues `count` e-mail recipients through the API and times the app's delivery worker sending them to a local
// SMTP server (which reads and discards each message).
export async function benchDelivery(built: BuiltApp, auth: Auth, count: number) {
  const { app, db } = built;
  let received = 0;
  const smtp = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, cb) => cb(null, { user: 'bench' }),
    onData(stream, _session, cb) {
      stream.on('end', () => {
        received += 1;
        cb();
      });
      stream.resume();
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as AddressInfo).port;
  const post = async (url: string, body: Record<string, string | number>) => {
    const payload = new URLSearchParams({ ...body, x: '' }).toString();
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { ...auth.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${auth.common}&${payload}`,
    });
    const json = res.json() as { meta: { code: number }; data: { id: number } };
    if (json.meta.code !== 200) throw new Error(`${url}: ${res.body}`);
    return json.data;
  };
  try {
    const sender = await post('/admin/v1/mailSenders/add', {
      host: '127.0.0.1',
      port,
      account: 'bench@example.com',
      password: 'bench-password',
      tlsMode: 'none',
    });
    const start = performance.now();
    for (let queued = 0; queued < count; queued += 100) {
      const n = Math.min(100, count - queued);
      await post('/admin/v1/message/email/add', {
        senderId: sender.id,
        platform: 'WEB',
        subject: 'Bench {{ recipient.email }}',
        content: '<p>進度更新：{{ date }}</p>',
        recipients: Array.from({ length: n }, (_, i) => `r${queued + i}@example.com`).join(','),
      });
    }
    const queuedMs = performance.now() - start;
    for (;;) {
      const left = await db.db
        .selectFrom('deliveryOutbox')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', 'in', ['queued', 'sending'])
        .executeTakeFirstOrThrow();
      if (Number(left.n) === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const totalMs = performance.now() - start;
    const failed = await db.db
      .selectFrom('deliveryOutbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'failed')
      .executeTakeFirstOrThrow();
    return { count, received, failed: Number(failed.n), queuedMs, totalMs, perSecond: (count / totalMs) * 1000 };
  } finally {
    await new Promise<void>((r) => smtp.close(() => r()));
  }
}
