import type { FastifyInstance } from 'fastify';
import type { ApplicationService } from '../application/index.js';
import type { ChannelModuleDeps } from '../delivery/index.js';
import type { ExportService } from '../export/index.js';
import type { FileStorage } from '../files/index.js';
import { createEmailChannel } from './email.channel.js';
import { createEmailService } from './email.service.js';
import { emailExporter, templateExporter } from './mail.export.js';
import { createMailRepository } from './mail.repository.js';
import { registerEmailRoutes, registerMailSenderRoutes, registerTemplateRoutes } from './mail.routes.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { createSenderService } from './sender.service.js';
import { createSystemMail, type SystemMail } from './system-mail.js';
import { createRecordCopies, type RecordCopies } from './record-copy.js';
import { createTemplateService } from './template.service.js';
import { createTransportPool } from './smtp.js';
import { htmlToText } from './render.js';

// Front door of the mail module: mail servers, templates and e-mails, and the e-mail channel of the worker.
export type { SystemEmail, SystemMail } from './system-mail.js';
export type { RecordCopies, RecordCopy } from './record-copy.js';
export function registerMailModule(
  app: FastifyInstance,
  deps: ChannelModuleDeps & {
    box: SecretBox;
    storage: FileStorage;
    applications: Pick<ApplicationService, 'mailContext'>;
    // The e-mail and template lists' exports (issue 39).
    exports: Pick<ExportService, 'register'>;
  },
): {
  referenced: (storedNames: readonly string[]) => Promise<Set<string>>;
  system: SystemMail;
  copies: RecordCopies;
  textTemplates: (type: string) => Promise<{ id: number; name: string; content: string }[]>;
  // Whether a template is there (its timeline, decision 180).
  findTemplate: (id: number) => Promise<{ id: number } | undefined>;
} {
  const { config, db, clock, outbox, delivery, box, storage, applications, exports } = deps;
  const repo = createMailRepository(db);
  const transports = createTransportPool((sender) => box.open(sender.passwordEnc), 2 * config.delivery.laneConcurrency);
  const senders = createSenderService({ repo, box, transports, clock });
  registerMailSenderRoutes(app, senders);
  const templates = createTemplateService({ repo, clock, frameHosts: config.templateFrameHosts });
  registerTemplateRoutes(app, templates);
  const emails = createEmailService({ repo, outbox, worker: delivery, clock, storage, applications });
  registerEmailRoutes(app, emails, senders);
  exports.register(emailExporter(emails));
  exports.register(templateExporter(templates));
  delivery.register(
    createEmailChannel({
      repo,
      transports,
      portalLink: config.portalUrl,
      storage,
      box,
      outbox,
      laneConcurrency: config.delivery.laneConcurrency,
    }),
  );
  // The stored names e-mails keep as attachments, so the orphan upload sweep leaves them alone.
  return {
    referenced: repo.referenced,
    // E-mails other modules write themselves (feedback replies, verification codes), queued in their transaction.
    system: createSystemMail({ repo, outbox, worker: delivery, box, clock }),
    // E-mail copies of other modules' records (a member notice), each recipient addressed alone.
    copies: createRecordCopies({ repo, outbox, worker: delivery, clock }),
    // Templates of a type as plain text (SMS): the stored HTML with tags dropped and entities decoded.
    findTemplate: repo.template,
    textTemplates: async (type) =>
      (await repo.templatesWithContent(type)).map((t) => ({ id: t.id, name: t.name, content: htmlToText(t.content) })),
  };
}
export { createEmailSearch } from './email-search.repository.js';
export { createEmailTimeline } from './email-timeline.repository.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { createMailPersonalData, mailPersonalData } from './personal-data.repository.js';
// Retention (issue 41): e-mail bodies past their period.
export { blankOldEmailBodies } from './retention.repository.js';
