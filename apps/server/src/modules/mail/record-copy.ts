import { PLATFORM, type EMAIL_STATUSES, type Locale } from '@study-crm/shared';
import type { Conn } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { DeliveryWorker, OutboxRepository } from '../delivery/index.js';
import { deliveryErrorText } from './delivery-text.js';
import { deliverySummaries, emptySummary, summaryTotal } from './email-delivery.js';
import type { MailRepository } from './mail.repository.js';
import { senderLane } from './smtp.js';
import { plainTextSubject, plainTextToHtml } from './system-mail.js';

export type RecordCopy = { source: string; sourceId: number; subject: string; text: string; to: string[] };
type Status = (typeof EMAIL_STATUSES)[number];

// An e-mail copy of another module's record (a member notice): plain text, sent through the first mail server,
// each recipient receiving it addressed to them alone (source set), queued in the caller's transaction.
export function createRecordCopies(deps: {
  repo: MailRepository;
  outbox: OutboxRepository;
  worker: Pick<DeliveryWorker, 'nudge'>;
  clock: Clock;
}) {
  const { repo, outbox, worker, clock } = deps;
  return {
    // The id of the queued e-mail; undefined (nothing queued) without a mail server.
    async queue(tx: Conn, copy: RecordCopy, createdBy: number | null): Promise<number | undefined> {
      const sender = await repo.firstSender(tx);
      if (!sender) return undefined;
      const now = clock.now();
      const html = plainTextToHtml(copy.text);
      const id = await repo.insertEmail(tx, {
        senderId: sender.id,
        templateId: null,
        subject: plainTextSubject(copy.subject),
        content: html,
        bodyHtml: html,
        platform: PLATFORM,
        createdBy,
        createdAt: now,
        updatedAt: now,
        isSystem: 0,
        source: copy.source,
        sourceId: copy.sourceId,
      });
      // On its mail server's lane, so it shares that server's connections and never holds up a code (decision 364).
      await outbox.enqueue(
        tx,
        'email',
        id,
        copy.to.map((address) => ({ address, role: 'to' })),
        now,
        now,
        senderLane(sender.id),
      );
      return id;
    },
    nudge: () => worker.nudge(),
    // What the outbox says of the copy of a record: its recipients per status, from the kept counts (null: no copy
    // was sent). No address: a notice's copy has one per member (see `recipients`).
    async delivery(source: string, sourceId: number) {
      const [email] = await repo.bySource(source, sourceId);
      if (!email) return null;
      const summary = (await deliverySummaries(outbox, [email.id])).get(email.id) ?? emptySummary();
      return { emailId: email.id, summary, recipientCount: summaryTotal(summary) };
    },
    // One page of the copy's recipients in queue order, optionally of one status, read in SQL with the total from
    // the kept counts (null: no copy was sent).
    async recipients(
      source: string,
      sourceId: number,
      window: { limit: number; offset: number },
      status: Status | null | undefined,
      locale: Locale,
    ) {
      const [email] = await repo.bySource(source, sourceId);
      if (!email) return null;
      const { rows, total } = await outbox.pageByMessage('email', email.id, window, status);
      return {
        total,
        rows: rows.map((r) => ({
          recipient: r.recipient,
          status: r.status,
          attempts: r.attempts,
          error: r.lastError === null ? null : deliveryErrorText(r.lastErrorCode, locale),
          sentAt: r.sentAt,
        })),
      };
    },
  };
}
export type RecordCopies = ReturnType<typeof createRecordCopies>;
