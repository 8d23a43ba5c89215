import type {
  DELIVERY_STATUSES,
  Email,
  EmailAddBody,
  EmailDetail,
  EmailListQuery,
  Locale,
  Page,
} from '@study-crm/shared';
import { badRequest, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { DeliveryWorker, OutboxRepository } from '../delivery/index.js';
import { deliveryErrorText } from './delivery-text.js';
import type { MailRepository } from './mail.repository.js';
import { applyFrame, checkTemplate, sanitizeContent } from './render.js';

type Summary = Record<(typeof DELIVERY_STATUSES)[number], number>;
const emptySummary = (): Summary => ({ queued: 0, sending: 0, sent: 0, failed: 0 });

export function createEmailService(deps: {
  repo: MailRepository;
  outbox: OutboxRepository;
  worker: Pick<DeliveryWorker, 'nudge'>;
  clock: Clock;
}) {
  const { repo, outbox, worker, clock } = deps;

  async function summaries(ids: number[]) {
    const out = new Map<number, Summary>(ids.map((id) => [id, emptySummary()]));
    for (const r of await outbox.summaries('email', ids)) {
      const s = out.get(r.messageId);
      if (s && r.status in s) s[r.status as keyof Summary] = Number(r.n);
    }
    return out;
  }

  return {
    async list(q: EmailListQuery): Promise<Page<Email>> {
      const page = await repo.emailPage(q);
      const sums = await summaries(page.list.map((r) => r.id));
      return {
        ...page,
        list: page.list.map((r) => ({
          id: r.id,
          senderId: r.senderId,
          sender: r.sender,
          templateId: r.templateId,
          subject: r.subject,
          platform: r.platform,
          recipientCount: r.recipients.split(',').length,
          summary: sums.get(r.id) ?? emptySummary(),
          createdAt: r.createdAt,
        })),
      };
    },

    async view(id: number, locale: Locale): Promise<EmailDetail> {
      const e = await repo.email(id);
      if (!e) throw notFound();
      const sender = await repo.sender(e.senderId);
      const rows = await outbox.byMessage('email', id);
      const summary = emptySummary();
      for (const r of rows) summary[r.status] += 1;
      return {
        id: e.id,
        senderId: e.senderId,
        sender: sender?.account ?? '',
        templateId: e.templateId,
        subject: e.subject,
        platform: e.platform,
        recipientCount: rows.length,
        summary,
        createdAt: e.createdAt,
        content: e.content,
        recipients: rows.map((r) => ({
          recipient: r.recipient,
          status: r.status,
          attempts: r.attempts,
          error: r.lastError === null ? null : deliveryErrorText(r.lastErrorCode, locale),
          detail: r.lastError,
          sentAt: r.sentAt,
        })),
      };
    },

    // Stores the e-mail and queues one outbox row per recipient in one transaction; the worker sends them.
    async add(b: EmailAddBody, createdBy: number | null): Promise<{ id: number }> {
      if (!(await repo.sender(b.senderId))) throw badRequest('senderId', 'v.unknownId');
      const template = b.templateId ? await repo.template(b.templateId) : null;
      if (b.templateId && !template) throw badRequest('templateId', 'v.unknownId');
      if (!(await checkTemplate(b.subject))) throw badRequest('subject', 'v.template');
      if (!(await checkTemplate(b.content))) throw badRequest('content', 'v.template');
      const content = sanitizeContent(b.content);
      const now = clock.now();
      const id = await repo.transaction(async (trx) => {
        const messageId = await repo.insertEmail(trx, {
          senderId: b.senderId,
          templateId: template?.id ?? null,
          subject: b.subject,
          content,
          bodyHtml: applyFrame(template?.frameHtml, content),
          platform: b.platform,
          recipients: b.recipients.join(','),
          createdBy,
          createdAt: now,
          updatedAt: now,
        });
        await outbox.enqueue(trx, 'email', messageId, b.recipients, now);
        return messageId;
      });
      worker.nudge();
      return { id };
    },

    // Puts the failed recipients of an e-mail back in the queue.
    async resend(id: number): Promise<{ requeued: number }> {
      if (!(await repo.email(id))) throw notFound();
      const requeued = await outbox.requeueFailed('email', id, clock.now());
      if (requeued) worker.nudge();
      return { requeued };
    },
  };
}
export type EmailService = ReturnType<typeof createEmailService>;
