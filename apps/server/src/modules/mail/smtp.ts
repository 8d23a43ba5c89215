import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { DeliveryError } from '../delivery/index.js';
import type { MailSenderRow } from './mail.repository.js';

// How long each step of an SMTP exchange may take (connect, greeting, socket idle); the delivery lease
// (DELIVERY_LEASE_SECONDS) must stay above it, and docs/configuration.md states it (smtp.test.ts).
export const SMTP_TIMEOUT_MS = 30_000;

export type SmtpAccount = Pick<MailSenderRow, 'host' | 'port' | 'account' | 'tlsMode'> & { password: string };

function options(a: SmtpAccount) {
  return {
    host: a.host,
    port: a.port,
    secure: a.tlsMode === 'tls',
    requireTLS: a.tlsMode === 'starttls',
    ignoreTLS: a.tlsMode === 'none',
    auth: { user: a.account, pass: a.password },
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  };
}

// Why a send failed, as the outbox records it (its code picks the message shown in the caller's language).
export function classifySmtpError(err: unknown): DeliveryError {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string } | null;
  const detail = (e?.response ?? e?.message ?? String(err)).slice(0, 1000);
  if (e?.code === 'EAUTH' || e?.responseCode === 535 || e?.responseCode === 534) {
    return new DeliveryError(detail, true, 'AUTH');
  }
  if (typeof e?.responseCode === 'number') {
    if (e.responseCode >= 500) return new DeliveryError(detail, true, 'REJECTED');
    if (e.responseCode >= 400) return new DeliveryError(detail, false, 'TEMPORARY');
  }
  if (e?.code && ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET'].includes(e.code)) {
    return new DeliveryError(detail, false, 'CONNECTION');
  }
  return new DeliveryError(detail, false, 'FAILED');
}

// The outbox lane of a mail server's e-mails (system: its system mail, codes and replies): the delivery worker sends
// each lane on its own, so one slow mail server never holds up another's mail.
export const senderLane = (senderId: number, kind: 'mail' | 'system' = 'mail') =>
  kind === 'system' ? `email:${senderId}:system` : `email:${senderId}`;

// One pooled transport per sender, rebuilt when the sender changes (its updatedAt moves). `maxConnections`: the
// connections of one sender, enough for both its lanes (mail and system mail) at their concurrency.
export function createTransportPool(open: (sender: MailSenderRow) => string, maxConnections = 6) {
  const pool = new Map<number, { version: number; transport: Transporter<SMTPPool.SentMessageInfo> }>();
  return {
    get(sender: MailSenderRow) {
      const held = pool.get(sender.id);
      if (held && held.version === sender.updatedAt) return held.transport;
      held?.transport.close();
      const transport = nodemailer.createTransport({
        ...options({ ...sender, password: open(sender) }),
        pool: true,
        maxConnections,
      });
      pool.set(sender.id, { version: sender.updatedAt, transport });
      return transport;
    },
    drop(id: number) {
      pool.get(id)?.transport.close();
      pool.delete(id);
    },
    closeAll() {
      for (const { transport } of pool.values()) transport.close();
      pool.clear();
    },
  };
}
export type TransportPool = ReturnType<typeof createTransportPool>;

// Connects and signs in once, with a transport of its own; returns the server's answer.
export async function verifyAccount(a: SmtpAccount): Promise<void> {
  const transport: Transporter<SMTPTransport.SentMessageInfo> = nodemailer.createTransport(options(a));
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}
