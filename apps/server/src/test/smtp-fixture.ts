import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, expect } from 'vitest';
import type { MailSender } from '@study-crm/shared';
import type { CallOpts, TestApp, Values } from './harness.js';

export type Received = { envelopeTo: string[]; mail: ParsedMail };

// A real SMTP server inside the test: plain connection, AUTH required, everything received is parsed.
// `refuse` may answer a recipient with an SMTP error code (e.g. 451 once, 550 always). `delayMs`: a slow server,
// answering MAIL FROM, each RCPT TO and the end of DATA only after this long.
export async function startSmtpServer(opts: {
  user: string;
  pass: string;
  refuse?: (address: string, attempt: number) => number | null;
  delayMs?: number;
}) {
  const later = (answer: () => void) => (opts.delayMs ? void setTimeout(answer, opts.delayMs) : answer());
  const received: Received[] = [];
  const rcptAttempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === opts.user && auth.password === opts.pass) cb(null, { user: auth.username });
      else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onMailFrom(_address, _session, cb) {
      later(() => cb());
    },
    onRcptTo(address, _session, cb) {
      const n = (rcptAttempts.get(address.address) ?? 0) + 1;
      rcptAttempts.set(address.address, n);
      const code = opts.refuse?.(address.address, n) ?? null;
      later(() => (code ? cb(Object.assign(new Error(`refused ${address.address}`), { responseCode: code })) : cb()));
    },
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
          later(() => cb());
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    user: opts.user,
    pass: opts.pass,
    received,
    // What arrived for one address, in the order it arrived.
    mailsTo: (address: string) => received.filter((r) => r.envelopeTo.includes(address)),
    rcptAttempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpFixture = Awaited<ReturnType<typeof startSmtpServer>>;

// A test file's own mail server, closed after its tests (`const smtp = await useSmtpServer();` at the top of the
// file): by default with the office account the files' senders sign in with.
export async function useSmtpServer(opts: Partial<Parameters<typeof startSmtpServer>[0]> = {}): Promise<SmtpFixture> {
  const smtp = await startSmtpServer({ user: 'office@example.com', pass: 'right-pass', ...opts });
  afterAll(() => smtp.close());
  return smtp;
}

// Adds, through the mail settings as `as`, the mail sender that signs in to this server over a plain connection with
// the server's own account and password (`values` adds to or replaces those fields); its id.
export async function addSenderFor(
  t: Pick<TestApp, 'post'>,
  smtp: SmtpFixture,
  as: CallOpts,
  values: Values = {},
): Promise<number> {
  const res = await t.post<MailSender>(
    '/admin/v1/mailSenders/add',
    { host: '127.0.0.1', port: smtp.port, account: smtp.user, password: smtp.pass, tlsMode: 'none', ...values },
    as,
  );
  expect(res.meta.code, res.meta.message).toBe(200);
  return res.data.id;
}
