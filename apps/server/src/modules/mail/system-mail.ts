import { Code, EMAIL_SUBJECT_MAX, PLATFORM } from '@study-crm/shared';
import type { Conn } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { DeliveryWorker, OutboxRepository } from '../delivery/index.js';
import type { MailRepository } from './mail.repository.js';
import { senderLane } from './smtp.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// A plain-text subject as it is stored and rendered as Liquid text at send time: its braces broken up (`{{` → `{ {`),
// and cut to the column's size (a title of braces nearly doubles), with an ellipsis where it was cut.
export function plainTextSubject(text: string): string {
  const chars = Array.from(text.replace(/\{(?=[{%])/g, '{ '));
  return chars.length > EMAIL_SUBJECT_MAX ? `${chars.slice(0, EMAIL_SUBJECT_MAX - 1).join('')}…` : chars.join('');
}

// Plain text as the HTML body of an e-mail: escaped, line breaks kept, and braces written as entities so the text
// can never become Liquid when the channel renders the body at send time.
export function plainTextToHtml(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
    .replaceAll('{', '&#123;')
    .replaceAll('}', '&#125;')
    .replace(/\r?\n/g, '<br>');
}

export type SystemEmail = {
  to: string;
  subject: string;
  text: string;
  createdBy?: number | null;
  // A secret (a verification code): the body is sealed with the secret box and the e-mail is hidden from the
  // administrators' e-mail list, view and resend, so it cannot be read back from the database or the screens.
  confidential?: boolean;
};

// E-mails the system writes itself (a reply to feedback, a verification code): stored as an e-mail of the first mail
// server and queued in the outbox inside the caller's transaction, so the e-mail exists exactly when the record
// causing it does. Without any mail server nothing is queued: 7205, never a pretend "sent".
export function createSystemMail(deps: {
  repo: MailRepository;
  outbox: OutboxRepository;
  worker: Pick<DeliveryWorker, 'nudge'>;
  box: Pick<SecretBox, 'seal'>;
  clock: Clock;
}) {
  const { repo, outbox, worker, box, clock } = deps;
  return {
    // The id of the queued e-mail.
    async queue(tx: Conn, mail: SystemEmail): Promise<number> {
      const sender = await repo.firstSender(tx);
      if (!sender) throw new AppError(Code.MAIL_UNAVAILABLE);
      const now = clock.now();
      const html = plainTextToHtml(mail.text);
      const subject = plainTextSubject(mail.subject);
      const id = await repo.insertEmail(tx, {
        senderId: sender.id,
        templateId: null,
        subject,
        content: mail.confidential ? '' : html,
        bodyHtml: mail.confidential ? box.seal(html) : html,
        platform: PLATFORM,
        createdBy: mail.createdBy ?? null,
        createdAt: now,
        updatedAt: now,
        isSystem: mail.confidential ? 1 : 0,
      });
      // A lane of its own: a code never waits behind a large mailing of the same server.
      await outbox.enqueue(tx, 'email', id, [mail.to], now, now, senderLane(sender.id, 'system'));
      return id;
    },
    // Whether a mail server is set up (callers that must answer alike either way, or skip e-mail, check first).
    available: async (): Promise<boolean> => (await repo.firstSender()) !== undefined,
    // After the caller's transaction committed: the worker looks at the queue now instead of at its next poll.
    nudge: () => worker.nudge(),
  };
}
export type SystemMail = ReturnType<typeof createSystemMail>;
