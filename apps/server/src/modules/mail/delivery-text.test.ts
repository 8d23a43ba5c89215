import { describe, expect, it } from 'vitest';
import { deliveryErrorText } from './delivery-text.js';

// Decisions 364 and 365: each code the outbox writes has its own sentence (the SMS table: sms.mapper.test.ts).
describe('e-mail delivery error texts', () => {
  it('says a message handed to the provider but not recorded was handed over, not that it failed', () => {
    expect(deliveryErrorText('SENT_UNRECORDED', 'en-US')).toBe(
      'Handed to the provider, but the result could not be recorded',
    );
    expect(deliveryErrorText('SENT_UNRECORDED', 'zh-TW')).toBe('已交給服務商寄出，但寄送結果未能記錄');
    expect(deliveryErrorText('SENT_UNRECORDED', 'zh-CN')).toBe('已交给服务商发送，但发送结果未能记录');
  });

  it('names an erased recipient and a row whose lease ran out on every attempt', () => {
    expect(deliveryErrorText('ERASED', 'en-US')).toBe("Not sent: the recipient's personal data was erased");
    expect(deliveryErrorText('LEASE_EXPIRED', 'en-US')).toBe('Sending failed: no attempt finished');
  });
});
