import { PLATFORM } from '@study-crm/shared';
import type { Conn } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { DeliveryWorker, OutboxRepository } from '../delivery/index.js';
import type { MailRepository } from './mail.repository.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// Plain text as the HTML body of an e-mail: escaped, line breaks kept, and braces written as entities so the text
// can never become Liquid when the channel renders the body at send time.
export function plainTextToHtml(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
    .replaceAll('{', '&#123;')
    .replaceAll('}', '&#125;')
    .replace(/\r?\n/g, '<br>');
}

export type SystemEmail = { to: string; subject: string; text: string; createdBy: number | null };

// E-mails the system writes itself (a reply to feedback, …): stored as an e-mail of the first mail server and
// queued in the outbox inside the caller's transaction, so the e-mail exists exactly when the record causing it
// does. Without any mail server nothing is queued (null): the caller says so rather than reporting it sent.
export function createSystemMail(deps: {
  repo: MailRepository;
  outbox: OutboxRepository;
  worker: Pick<DeliveryWorker, 'nudge'>;
  clock: Clock;
}) {
  const { repo, outbox, worker, clock } = deps;
  return {
    async queue(tx: Conn, mail: SystemEmail): Promise<number | null> {
      const sender = await repo.firstSenderId(tx);
      if (sender === undefined) return null;
      const now = clock.now();
      const html = plainTextToHtml(mail.text);
      // The subject is rendered as Liquid text at send time: its braces are broken up the same way.
      const subject = mail.subject.replace(/\{(?=[{%])/g, '{ ');
      const id = await repo.insertEmail(tx, {
        senderId: sender,
        templateId: null,
        subject,
        content: html,
        bodyHtml: html,
        platform: PLATFORM,
        recipients: mail.to,
        createdBy: mail.createdBy,
        createdAt: now,
        updatedAt: now,
      });
      await outbox.enqueue(tx, 'email', id, [mail.to], now);
      return id;
    },
    // After the caller's transaction committed: the worker looks at the queue now instead of at its next poll.
    nudge: () => worker.nudge(),
  };
}
export type SystemMail = ReturnType<typeof createSystemMail>;
