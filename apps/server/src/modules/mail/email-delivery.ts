import type { EMAIL_STATUSES, EmailRecipient, EmailRole, Locale } from '@study-crm/shared';
import type { OutboxRepository, OutboxRow } from '../delivery/index.js';
import { deliveryErrorText } from './delivery-text.js';

// What the outbox says of e-mails: their recipients per status from the kept counts (decision 304, a few rows a
// message however many recipients it has), and a recipient's row as the wire shows it.
export type DeliverySummary = Record<(typeof EMAIL_STATUSES)[number], number>;
export const emptySummary = (): DeliverySummary => ({ queued: 0, sending: 0, sent: 0, failed: 0, cancelled: 0 });
export const summaryTotal = (s: DeliverySummary) => Object.values(s).reduce((a, b) => a + b, 0);

export async function deliverySummaries(
  outbox: Pick<OutboxRepository, 'summaries'>,
  ids: number[],
): Promise<Map<number, DeliverySummary>> {
  const out = new Map<number, DeliverySummary>(ids.map((id) => [id, emptySummary()]));
  for (const r of await outbox.summaries('email', ids)) {
    const s = out.get(r.messageId);
    if (s && r.status in s) s[r.status as keyof DeliverySummary] = Number(r.n);
  }
  return out;
}

export const toEmailRecipient = (r: OutboxRow, locale: Locale): EmailRecipient => ({
  recipient: r.recipient,
  role: (r.role ?? 'to') as EmailRole,
  status: r.status,
  attempts: r.attempts,
  error: r.lastError === null ? null : deliveryErrorText(r.lastErrorCode, locale),
  detail: r.lastError,
  sentAt: r.sentAt,
});
