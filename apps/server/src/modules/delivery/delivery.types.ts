// The channel interface: e-mail now, SMS next; a new channel is one adapter implementing Channel.

export type ChannelName = 'email' | 'sms';
// cancelled: taken back before it was sent (a scheduled e-mail); no worker ever claims it.
export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'cancelled';

// One claimed outbox row handed to a channel.
export type DeliveryItem = {
  id: number;
  channel: ChannelName;
  messageId: number;
  recipient: string;
  // Including the current one.
  attempts: number;
};

export type SendResult = { providerMessageId: string | null };

export type Channel = {
  name: ChannelName;
  // Rows of one lane one worker sends at once (e-mail: the connections to one mail server); unset: the batch.
  laneConcurrency?: number;
  send(item: DeliveryItem): Promise<SendResult>;
  // Called when the worker has stopped and nothing is in flight (e-mail closes its pooled connections).
  close?(): void;
};

// A failed send. `isPermanent`: retrying cannot help (bad credentials, recipient refused with 5xx).
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly isPermanent: boolean,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
