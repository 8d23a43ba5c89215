import { DeliveryError, type Channel } from '../delivery/index.js';
import { renderContent } from './recipient-row.js';
import type { SmsProvider } from './sms.provider.js';
import type { SmsRepository } from './sms.repository.js';

// The outbox lanes of SMS: batches, and single texts (codes, reminders) on a lane of their own, so a text never
// waits behind a large batch (decision 364).
export const SMS_BATCH_LANE = 'sms';
export const SMS_TEXT_LANE = 'sms:text';

// The SMS adapter of the delivery worker: one outbox row = one text to one number, through the configured provider.
// `laneConcurrency`: texts of one lane one server sends at once, below the worker's batch so other lanes keep slots.
export function createSmsChannel(deps: {
  repo: Pick<SmsRepository, 'forDelivery'>;
  provider: SmsProvider;
  laneConcurrency: number;
}): Channel {
  const { repo, provider } = deps;
  return {
    name: 'sms',
    laneConcurrency: deps.laneConcurrency,
    async send(item) {
      const row = await repo.forDelivery(item.messageId, item.recipient);
      if (!row || row.content === null) throw new DeliveryError('the SMS no longer exists', true, 'FAILED');
      let variables: Record<string, string> = {};
      try {
        variables = JSON.parse(row.variables ?? '{}') as Record<string, string>;
      } catch {
        throw new DeliveryError('the recipient variables are unreadable', true, 'FAILED');
      }
      const { id } = await provider.send({
        to: item.recipient,
        content: renderContent(row.content, variables),
        from: row.sender,
      });
      return { providerMessageId: id };
    },
  };
}
