import type { MailRepository } from './mail.repository.js';
import { htmlToText } from './render.js';

// Front door of the mail module: mail servers, templates and e-mails, and the e-mail channel of the worker.
export { createEmailChannel } from './email.channel.js';
export { createEmailService } from './email.service.js';
export { emailExporter, mailSenderExporter, templateExporter } from './mail.export.js';
export { createMailRepository } from './mail.repository.js';
export { registerEmailRoutes, registerMailSenderRoutes, registerTemplateRoutes } from './mail.routes.js';
export { createSenderService } from './sender.service.js';
export { createSystemMail, type SystemEmail, type SystemMail } from './system-mail.js';
export { createRecordCopies, type RecordCopies, type RecordCopy } from './record-copy.js';
export { createTemplateService } from './template.service.js';
export { createTransportPool } from './smtp.js';

// Templates of a type as plain text (SMS): the stored HTML with tags dropped and entities decoded.
export function textTemplatesOf(repo: Pick<MailRepository, 'templatesWithContent'>) {
  return async (type: string): Promise<{ id: number; name: string; content: string }[]> =>
    (await repo.templatesWithContent(type)).map((t) => ({ id: t.id, name: t.name, content: htmlToText(t.content) }));
}
export { createEmailSearch } from './email-search.repository.js';
export { createEmailTimeline } from './email-timeline.repository.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { createMailPersonalData, mailPersonalData } from './personal-data.repository.js';
// Retention (issue 41): e-mail bodies past their period.
export { blankOldEmailBodies } from './retention.repository.js';
