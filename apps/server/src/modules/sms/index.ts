import type { FastifyInstance } from 'fastify';
import type { ChannelModuleDeps } from '../delivery/index.js';
import type { DictRepository } from '../dict/index.js';
import type { ExportService } from '../export/index.js';
import type { FileStorage } from '../files/index.js';
import type { PeopleService } from '../people/index.js';
import { createSmsChannel } from './sms.channel.js';
import { smsExporter } from './sms.export.js';
import { createSmsProvider, type SmsProvider } from './sms.provider.js';
import { createSmsRepository } from './sms.repository.js';
import { registerSmsRoutes } from './sms.routes.js';
import { createSmsService, type SmsService } from './sms.service.js';
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
export type { SmsService } from './sms.service.js';
export type SmsTexts = Pick<SmsService, 'queueText' | 'sweepDrafts'> & {
  // Whether a gateway is configured (without one every text is recorded as not delivered).
  isConfigured: boolean;
  // Whether a text can reach this E.164 number (a valid mobile number by libphonenumber-js).
  canSendTo(e164: string): boolean;
};

export function registerSmsModule(
  app: FastifyInstance,
  deps: ChannelModuleDeps & {
    dict: Pick<DictRepository, 'enabledValues' | 'options'>;
    people: Pick<PeopleService, 'names'>;
    storage: Pick<FileStorage, 'sink' | 'discard'>;
    textTemplates: (type: string) => Promise<{ id: number; name: string; content: string }[]>;
    // Tests pass their own; otherwise chosen by configuration (SMS_GATEWAY_URL).
    provider?: SmsProvider;
    // The batch list's export (issue 39).
    exports: Pick<ExportService, 'register'>;
  },
): SmsTexts {
  const { config, db, clock, outbox, delivery, dict, people, storage, textTemplates } = deps;
  const provider = deps.provider ?? createSmsProvider(config);
  if (!provider.isConfigured) {
    app.log.warn('no SMS gateway configured (SMS_GATEWAY_URL): every SMS is recorded as not delivered');
  }
  const repo = createSmsRepository(db);
  const sms = createSmsService({ repo, outbox, worker: delivery, dict, people, provider, textTemplates, clock });
  registerSmsRoutes(app, { sms, storage });
  deps.exports.register(smsExporter({ sms, dict }));
  delivery.register(createSmsChannel({ repo, provider }));
  // Hourly: drafts older than a day go (with their recipient rows).
  const sweep = setInterval(() => {
    sms.sweepDrafts().catch((err: unknown) => app.log.error({ err }, 'sms draft sweep failed'));
  }, 3_600_000);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });
  return {
    queueText: sms.queueText,
    sweepDrafts: sms.sweepDrafts,
    isConfigured: provider.isConfigured,
    canSendTo: isE164,
  };
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
