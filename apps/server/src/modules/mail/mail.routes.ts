import type { FastifyInstance } from 'fastify';
import { emailApi, mailSenderApi, PERM, templateApi } from '@study-crm/shared';
import { caller } from '../../http/context.js';
import { defineRoute } from '../../http/route.js';
import type { EmailService } from './email.service.js';
import type { SenderService } from './sender.service.js';
import type { TemplateService } from './template.service.js';

export function registerMailSenderRoutes(app: FastifyInstance, senders: SenderService): void {
  const tags = ['mail sender'];
  defineRoute(app, {
    ...mailSenderApi.list,
    access: PERM.mailSenderList,
    tags,
    summary: 'Mail servers, paged (the password is never returned)',
    handler: ({ query }) => senders.list(query),
  });
  defineRoute(app, {
    ...mailSenderApi.view,
    access: PERM.mailSenderList,
    tags,
    summary: 'One mail server',
    handler: ({ query }) => senders.view(query.id),
  });
  defineRoute(app, {
    ...mailSenderApi.add,
    access: PERM.mailSenderAdd,
    audit: { action: 'mail.addSender', record: 'mailSender' },
    tags,
    summary: 'Add a mail server; host, port, account and password are required; the password is stored encrypted',
    handler: ({ body }) => senders.add(body),
  });
  defineRoute(app, {
    ...mailSenderApi.update,
    access: PERM.mailSenderUpdate,
    audit: { action: 'mail.updateSender', record: 'mailSender' },
    tags,
    summary: 'Update a mail server; an empty password keeps the stored one',
    handler: ({ body }) => senders.update(body),
  });
  defineRoute(app, {
    ...mailSenderApi.remove,
    access: PERM.mailSenderRemove,
    audit: { action: 'mail.removeSender', record: 'mailSender' },
    tags,
    summary: 'Remove a mail server that has sent no e-mail (code 5440 otherwise)',
    handler: ({ body }) => senders.remove(body.id),
  });
  defineRoute(app, {
    ...mailSenderApi.test,
    access: PERM.mailSenderTest,
    audit: { action: 'mail.testSender', record: 'mailSender' },
    tags,
    summary: "Test connection: connect and sign in with the stored settings; answers with the server's reply",
    handler: ({ body, locale }) => senders.test(body.id, locale),
  });
}

export function registerTemplateRoutes(app: FastifyInstance, templates: TemplateService): void {
  const tags = ['message template'];
  defineRoute(app, {
    ...templateApi.list,
    access: PERM.templateList,
    tags,
    summary: 'Message templates, paged; filter by type, search name and title',
    handler: ({ query }) => templates.list(query),
  });
  defineRoute(app, {
    ...templateApi.view,
    access: PERM.templateList,
    tags,
    summary: 'One template',
    handler: ({ query }) => templates.view(query.id),
  });
  defineRoute(app, {
    ...templateApi.getlist,
    access: PERM.emailAdd,
    tags,
    summary: 'Template picker: templates (id, name, type, title), optionally of one type',
    handler: ({ query }) => templates.options(query.type),
  });
  defineRoute(app, {
    ...templateApi.add,
    access: PERM.templateAdd,
    audit: { action: 'mail.addTemplate', record: 'messageTemplate' },
    tags,
    summary: 'Add a template; type is required; HTML is sanitised; a frame address is fetched once, now',
    handler: ({ body }) => templates.add(body),
  });
  defineRoute(app, {
    ...templateApi.update,
    access: PERM.templateUpdate,
    audit: { action: 'mail.updateTemplate', record: 'messageTemplate' },
    tags,
    summary: 'Update a template (a changed frame address is fetched again)',
    handler: ({ body }) => templates.update(body),
  });
  defineRoute(app, {
    ...templateApi.delete,
    access: PERM.templateRemove,
    audit: { action: 'mail.removeTemplate', record: 'messageTemplate' },
    tags,
    summary: 'Delete a template (e-mails sent with it keep their content)',
    handler: ({ body }) => templates.remove(body.id),
  });
}

export function registerEmailRoutes(app: FastifyInstance, emails: EmailService, senders: SenderService): void {
  const tags = ['e-mail'];
  defineRoute(app, {
    ...emailApi.list,
    access: PERM.emailList,
    tags,
    summary: 'Sent e-mails, paged, with per-status recipient counts; filter status, sender, date; search',
    handler: ({ query }) => emails.list(query),
  });
  defineRoute(app, {
    ...emailApi.view,
    access: PERM.emailList,
    tags,
    summary: 'One e-mail with its recipients per delivery status (the recipients themselves: recipients)',
    handler: ({ query }) => emails.view(query.id),
  });
  defineRoute(app, {
    ...emailApi.recipients,
    access: PERM.emailList,
    tags,
    summary: "An e-mail's recipients, paged in queue order, each with its role, status and error",
    description:
      "Filter by delivery status; the error is in the caller's language. A notice's e-mail copy has one recipient " +
      'per member, so its recipients are read a page at a time.',
    handler: ({ query, locale }) => emails.recipients(query, locale),
  });
  defineRoute(app, {
    ...emailApi.add,
    access: PERM.emailAdd,
    audit: { action: 'mail.send', record: 'emailMessage' },
    tags,
    summary: 'Store an e-mail and queue it for each recipient (sent by the delivery worker)',
    description:
      "applicationId fills the application's variables in; it needs application:view as well (code 404 otherwise, " +
      'as for an application that does not exist).',
    handler: ({ body, member }) => emails.add(body, caller(member)),
  });
  defineRoute(app, {
    ...emailApi.resend,
    access: PERM.emailResend,
    audit: { action: 'mail.resend', record: 'emailMessage' },
    tags,
    summary: 'Queue the failed recipients of an e-mail again',
    handler: ({ body }) => emails.resend(body.id),
  });
  defineRoute(app, {
    ...emailApi.reschedule,
    access: PERM.emailAdd,
    audit: { action: 'mail.reschedule', record: 'emailMessage' },
    tags,
    summary: 'Send later: a new time for a scheduled e-mail not sent yet (5460 past, 5461 sent, 5462, 5463)',
    handler: ({ body }) => emails.reschedule(body),
  });
  defineRoute(app, {
    ...emailApi.cancel,
    access: PERM.emailAdd,
    audit: { action: 'mail.cancel', record: 'emailMessage' },
    tags,
    summary: 'Cancel a scheduled e-mail not sent yet: nothing is delivered (5461 sent, 5462, 5463)',
    handler: ({ body }) => emails.cancel(body.id),
  });
  defineRoute(app, {
    ...emailApi.emailAgents,
    access: PERM.emailAdd,
    tags,
    summary: 'The mail servers a person may choose when writing an e-mail',
    handler: () => senders.agents(),
  });
}
