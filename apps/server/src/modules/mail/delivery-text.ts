import { formatMessage, type Locale, type MessageKey } from '@study-crm/shared';

const KEYS: Record<string, MessageKey> = {
  AUTH: 'deliveryAuth',
  CONNECTION: 'deliveryConnection',
  REJECTED: 'deliveryRejected',
  TEMPORARY: 'deliveryTemporary',
  ERASED: 'deliveryErased',
  SENT_UNRECORDED: 'deliverySentUnrecorded',
  LEASE_EXPIRED: 'deliveryLeaseExpired',
};

// The outbox's error code as a sentence in the caller's language.
export const deliveryErrorText = (code: string | null, locale: Locale) =>
  formatMessage((code && KEYS[code]) || 'deliveryFailed', locale);
