import { Code } from '@study-crm/shared';
import type { Tx } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { DeliveryWorker, OutboxRepository } from '../delivery/index.js';
import type { MailRepository } from './mail.repository.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type SystemMail = {
  // Queues one plain-text e-mail to one address through the first mail server, in the caller's transaction, so it
  // is sent only if that transaction commits. 7205 when no mail server is set up (nothing pretends to send).
  queue(trx: Tx, mail: { to: string; subject: string; text: string }): Promise<void>;
  // Whether a mail server is set up (callers that must answer alike either way check first).
  available(): Promise<boolean>;
  // Wakes the worker; call after the transaction committed.
  nudge(): void;
};

// System e-mails (verification codes): the body is sealed with the secret box and the e-mail is hidden from the
// administrators' e-mail list, so no code can be read back from the database or the screens.
export function createSystemMail(deps: {
  repo: MailRepository;
  outbox: OutboxRepository;
  worker: Pick<DeliveryWorker, 'nudge'>;
  box: Pick<SecretBox, 'seal'>;
  clock: Clock;
}): SystemMail {
  const { repo, outbox, worker, box, clock } = deps;
  return {
    async queue(trx, mail) {
      const sender = await repo.firstSender(trx);
      if (!sender) throw new AppError(Code.MAIL_UNAVAILABLE);
      const now = clock.now();
      const html = `<p>${escapeHtml(mail.text).replace(/\n/g, '<br>')}</p>`;
      const id = await repo.insertEmail(trx, {
        senderId: sender.id,
        templateId: null,
        subject: mail.subject,
        content: '',
        bodyHtml: box.seal(html),
        platform: 'WEB',
        recipients: mail.to,
        createdBy: null,
        createdAt: now,
        updatedAt: now,
        isSystem: 1,
      });
      await outbox.enqueue(trx, 'email', id, [mail.to], now);
    },
    available: async () => (await repo.firstSender()) !== undefined,
    nudge: () => worker.nudge(),
  };
}
