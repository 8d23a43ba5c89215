import type { FastifyInstance } from 'fastify';
import type { SmsProvider } from './sms.provider.js';
import type { SmsService } from './sms.service.js';
import { isE164 } from './recipient-row.js';

// Front door of the SMS module: batches from .xlsx files, the SMS channel of the delivery worker, its providers,
// and `queueText` for other modules (one text through the outbox).
export {
  createHttpGatewayProvider,
  createNoGatewayProvider,
  createSmsProvider,
  signRequest,
  type SmsMessage,
  type SmsProvider,
} from './sms.provider.js';
export { createSmsChannel } from './sms.channel.js';
export { smsExporter } from './sms.export.js';
export { createSmsRepository } from './sms.repository.js';
export { registerSmsRoutes } from './sms.routes.js';
export { createSmsService } from './sms.service.js';
export type { SmsService } from './sms.service.js';
export type SmsTexts = Pick<SmsService, 'queueText' | 'sweepDrafts'> & {
  // Whether a gateway is configured (without one every text is recorded as not delivered).
  isConfigured: boolean;
  // Whether a text can reach this E.164 number (a valid mobile number by libphonenumber-js).
  canSendTo(e164: string): boolean;
};

// What other modules and tests may ask of SMS (app.sms): one text through the outbox, the draft sweep, whether a
// gateway is there and whether a number can be reached.
export function smsTexts(sms: SmsService, provider: Pick<SmsProvider, 'isConfigured'>): SmsTexts {
  return {
    queueText: sms.queueText,
    sweepDrafts: sms.sweepDrafts,
    isConfigured: provider.isConfigured,
    canSendTo: isE164,
  };
}

// Hourly: drafts older than a day go (with their recipient rows); stopped with the app.
export function scheduleSmsDraftSweep(app: FastifyInstance, sms: Pick<SmsService, 'sweepDrafts'>): void {
  const sweep = setInterval(() => {
    sms.sweepDrafts().catch((err: unknown) => app.log.error({ err }, 'sms draft sweep failed'));
  }, 3_600_000);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });
}

declare module 'fastify' {
  // One text message through the outbox, for other modules and tests (the user centre's verification codes).
  interface FastifyInstance {
    sms: SmsTexts;
  }
}
export { createSmsSearch } from './sms-search.repository.js';
export { createSmsTimeline } from './sms-timeline.repository.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { createSmsPersonalData, smsPersonalData } from './personal-data.repository.js';
// Retention (issue 41): SMS bodies past their period.
export { blankOldSmsBodies } from './retention.repository.js';
