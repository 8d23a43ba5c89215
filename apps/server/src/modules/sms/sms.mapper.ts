import { formatMessage, type DELIVERY_STATUSES, type Locale, type MessageKey, type SmsBatch } from '@study-crm/shared';
import type { OutboxRow } from '../delivery/index.js';
import { SMS_ERROR } from './sms.provider.js';
import type { SmsBatchRow, SmsRecipientRow } from './sms.repository.js';
import type { RejectedRow } from './sms.xlsx.js';

export type StatusCounts = Record<(typeof DELIVERY_STATUSES)[number], number>;
export const emptyCounts = (): StatusCounts => ({ queued: 0, sending: 0, sent: 0, failed: 0 });

export function toBatch(r: SmsBatchRow, counts: StatusCounts, createdBy: string | null): SmsBatch {
  return {
    id: r.id,
    status: r.status === 'queued' ? 'queued' : 'draft',
    terminal: r.terminal,
    sender: r.sender,
    content: r.content,
    fileName: r.fileName,
    accepted: r.accepted,
    rejected: r.rejected,
    sendAt: r.sendAt,
    createdAt: r.createdAt,
    createdBy,
    counts,
  };
}

const ERROR_TEXT: Record<string, MessageKey> = {
  [SMS_ERROR.noGateway]: 'smsNoGateway',
  [SMS_ERROR.rejected]: 'smsGatewayRejected',
  [SMS_ERROR.temporary]: 'smsGatewayUnavailable',
  [SMS_ERROR.connection]: 'smsGatewayUnavailable',
  ERASED: 'deliveryErased',
  SENT_UNRECORDED: 'deliverySentUnrecorded',
  LEASE_EXPIRED: 'deliveryLeaseExpired',
};

export function toRecipient(r: OutboxRow, locale: Locale) {
  return {
    recipient: r.recipient,
    // Only e-mails are ever cancelled (send later, erasure); an SMS row is in one of these four (an erased
    // recipient's unsent row is failed, code ERASED).
    status: r.status as keyof StatusCounts,
    attempts: r.attempts,
    error:
      r.lastError === null
        ? null
        : formatMessage((r.lastErrorCode && ERROR_TEXT[r.lastErrorCode]) || 'deliveryFailed', locale),
    detail: r.lastError,
    sentAt: r.sentAt,
  };
}

export function toRejected(r: SmsRecipientRow, locale: Locale): RejectedRow {
  const reason = (r.reason ?? 'smsRowInvalid') as MessageKey;
  return {
    rowNo: r.rowNo,
    mobile: r.mobileRaw ?? '',
    region: r.regionRaw ?? '',
    variables: r.variables ?? '',
    reason: formatMessage(reason, locale, { row: r.reasonRow ?? '' }),
  };
}
