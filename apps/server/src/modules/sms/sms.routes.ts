import type { FastifyInstance } from 'fastify';
import { PERM, SMS_FILE_MAX_MB, smsApi } from '@study-crm/shared';
import { readMultipart } from '../../http/multipart.js';
import { defineRoute } from '../../http/route.js';
import { workbookBody, type FileStorage } from '../files/index.js';
import type { SmsService } from './sms.service.js';
import { templateWorkbook, rejectedWorkbook } from './sms.xlsx.js';

export function registerSmsRoutes(
  app: FastifyInstance,
  deps: { sms: SmsService; storage: Pick<FileStorage, 'sink' | 'discard'> },
): void {
  const { sms, storage } = deps;
  const tags = ['sms'];
  defineRoute(app, {
    ...smsApi.list,
    access: PERM.smsList,
    tags,
    summary: 'SMS batches sent from files, paged, with recipients per delivery status (queued, sending, sent, failed)',
    handler: ({ query }) => sms.list(query),
  });
  defineRoute(app, {
    ...smsApi.view,
    access: PERM.smsList,
    tags,
    summary: 'One SMS batch (also a draft) with its counts',
    handler: ({ query }) => sms.view(query.id),
  });
  defineRoute(app, {
    ...smsApi.recipients,
    access: PERM.smsList,
    tags,
    summary: "A batch's recipients, paged, each with its delivery status and error",
    handler: ({ query, locale }) => sms.recipients(query, locale),
  });
  defineRoute(app, {
    ...smsApi.gateway,
    access: PERM.smsList,
    tags,
    summary: 'Whether an SMS gateway is configured (if not, every SMS is recorded as not delivered)',
    handler: () => sms.gateway(),
  });
  defineRoute(app, {
    ...smsApi.templates,
    access: PERM.smsAdd,
    tags,
    summary: 'SMS templates (type sms) with their content as plain text, for the new-SMS form',
    handler: () => sms.templates(),
  });
  defineRoute(app, {
    ...smsApi.template,
    access: PERM.smsAdd,
    tags,
    summary: "The recipient .xlsx template: headers in the caller's language, an example row, a variables column",
    handler: async ({ reply, locale }) => workbookBody(reply, 'sms-recipients', await templateWorkbook(locale)),
  });
  defineRoute(app, {
    ...smsApi.add,
    multipart: {},
    access: PERM.smsAdd,
    audit: { action: 'sms.add', record: 'smsBatch' },
    tags,
    summary: `Upload a recipient list (multipart field \`file\`, .xlsx, at most ${SMS_FILE_MAX_MB} MB) into a draft batch`,
    description: 'Checked by extension and content (7101), read (7102), columns (7103), rows (7104, 7105).',
    okMessage: (d) => ({ key: 'smsDataRead', params: { accepted: d.accepted, rejected: d.rejected } }),
    handler: async ({ req, member, locale }) => {
      const form = await readMultipart(req, {
        maxBytes: SMS_FILE_MAX_MB * 1024 * 1024,
        sink: storage.sink,
        required: false,
      });
      try {
        return await sms.upload(form.file, member?.id ?? null, locale);
      } finally {
        await storage.discard(form.file);
      }
    },
  });
  defineRoute(app, {
    ...smsApi.batchPush,
    access: PERM.smsAdd,
    audit: { action: 'sms.batchPush', record: 'smsBatch' },
    tags,
    summary: 'Send a draft batch now or at sendAt: one outbox row per recipient, queued in one transaction',
    okMessage: (d) => ({ key: 'smsBatchQueued', params: { count: d.queued } }),
    handler: ({ body, member }) => sms.push(body, member?.id ?? null),
  });
  defineRoute(app, {
    ...smsApi.rejected,
    access: PERM.smsAdd,
    tags,
    summary: "The rejected rows of an upload as .xlsx, with the reason in the caller's language",
    handler: async ({ query, reply, locale }) => {
      const { fileName, rows } = await sms.rejectedRows(query.id, locale);
      return workbookBody(reply, fileName, rejectedWorkbook(rows, locale));
    },
  });
}
