import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../delivery/index.js';
import { toRecipient } from './sms.mapper.js';

const row = (status: OutboxRow['status'], lastErrorCode: string): OutboxRow => ({
  id: 1,
  channel: 'sms',
  messageId: 1,
  recipient: '+886912345678',
  role: null,
  status,
  attempts: 1,
  nextAttemptAt: 0,
  lastError: 'detail',
  lastErrorCode,
  providerMessageId: null,
  sentAt: null,
  lane: 'sms',
});

// Decisions 364 and 365: each code the outbox writes has its own sentence, as in the e-mail table.
describe('SMS delivery error texts', () => {
  it('says a text handed to the gateway but not recorded was handed over, not that it failed', () => {
    expect(toRecipient(row('sending', 'SENT_UNRECORDED'), 'en-US').error).toBe(
      'Handed to the provider, but the result could not be recorded',
    );
    expect(toRecipient(row('sending', 'SENT_UNRECORDED'), 'zh-CN').error).toBe('已交给服务商发送，但发送结果未能记录');
  });

  it('names an erased recipient and a row whose lease ran out on every attempt', () => {
    expect(toRecipient(row('failed', 'ERASED'), 'en-US').error).toBe(
      "Not sent: the recipient's personal data was erased",
    );
    expect(toRecipient(row('failed', 'LEASE_EXPIRED'), 'zh-TW').error).toBe('寄送失敗：多次嘗試皆未完成');
  });
});
