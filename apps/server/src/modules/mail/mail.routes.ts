import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EmailAddBody,
  EmailAgentSchema,
  EmailDetailSchema,
  EmailListQuery,
  EmailPage,
  EmailResendResult,
  IdParam,
  MailSenderAddBody,
  MailSenderListQuery,
  MailSenderPage,
  MailSenderSchema,
  MailSenderTestResult,
  MailSenderUpdateBody,
  PERM,
  TemplateAddBody,
  TemplateGetListQuery,
  TemplateListQuery,
  TemplateOptionSchema,
  TemplatePage,
  TemplateSchema,
  TemplateUpdateBody,
} from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { EmailService } from './email.service.js';
import type { SenderService } from './sender.service.js';
import type { TemplateService } from './template.service.js';

export function registerMailSenderRoutes(app: FastifyInstance, senders: SenderService): void {
  const BASE = '/admin/v1/mailSenders';
  const tags = ['mail sender'];
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/list`,
    access: PERM.mailSenderList,
    tags,
    summary: 'Mail servers, paged (the password is never returned)',
    query: MailSenderListQuery,
    response: MailSenderPage,
    handler: ({ query }) => senders.list(query),
  });
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/view`,
    access: PERM.mailSenderList,
    tags,
    summary: 'One mail server',
    query: IdParam,
    response: MailSenderSchema,
    handler: ({ query }) => senders.view(query.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/add`,
    access: PERM.mailSenderAdd,
    tags,
    summary: 'Add a mail server; host, port, account and password are required; the password is stored encrypted',
    body: MailSenderAddBody,
    response: MailSenderSchema,
    handler: ({ body }) => senders.add(body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/update`,
    access: PERM.mailSenderUpdate,
    tags,
    summary: 'Update a mail server; an empty password keeps the stored one',
    body: MailSenderUpdateBody,
    response: MailSenderSchema,
    handler: ({ body }) => senders.update(body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/remove`,
    access: PERM.mailSenderRemove,
    tags,
    summary: 'Remove a mail server that has sent no e-mail (code 5440 otherwise)',
    body: IdParam,
    response: z.null(),
    handler: ({ body }) => senders.remove(body.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/test`,
    access: PERM.mailSenderTest,
    tags,
    summary: "Test connection: connect and sign in with the stored settings; answers with the server's reply",
    body: IdParam,
    response: MailSenderTestResult,
    handler: ({ body, locale }) => senders.test(body.id, locale),
  });
}

export function registerTemplateRoutes(app: FastifyInstance, templates: TemplateService): void {
  const BASE = '/admin/v1/message/templates';
  const tags = ['message template'];
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/list`,
    access: PERM.templateList,
    tags,
    summary: 'Message templates, paged; filter by type, search name and title',
    query: TemplateListQuery,
    response: TemplatePage,
    handler: ({ query }) => templates.list(query),
  });
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/view`,
    access: PERM.templateList,
    tags,
    summary: 'One template',
    query: IdParam,
    response: TemplateSchema,
    handler: ({ query }) => templates.view(query.id),
  });
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/getlist`,
    access: PERM.emailAdd,
    tags,
    summary: 'Template picker: templates (id, name, type, title), optionally of one type',
    query: TemplateGetListQuery,
    response: z.array(TemplateOptionSchema),
    handler: ({ query }) => templates.options(query.type),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/add`,
    access: PERM.templateAdd,
    tags,
    summary: 'Add a template; type is required; HTML is sanitised; a frame address is fetched once, now',
    body: TemplateAddBody,
    response: TemplateSchema,
    handler: ({ body }) => templates.add(body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/update`,
    access: PERM.templateUpdate,
    tags,
    summary: 'Update a template (a changed frame address is fetched again)',
    body: TemplateUpdateBody,
    response: TemplateSchema,
    handler: ({ body }) => templates.update(body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/delete`,
    access: PERM.templateRemove,
    tags,
    summary: 'Delete a template (e-mails sent with it keep their content)',
    body: IdParam,
    response: z.null(),
    handler: ({ body }) => templates.remove(body.id),
  });
}

export function registerEmailRoutes(app: FastifyInstance, emails: EmailService, senders: SenderService): void {
  const BASE = '/admin/v1/message/email';
  const tags = ['e-mail'];
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/list`,
    access: PERM.emailList,
    tags,
    summary: 'Sent e-mails, paged, with per-status recipient counts; filter status, sender, date; search',
    query: EmailListQuery,
    response: EmailPage,
    handler: ({ query }) => emails.list(query),
  });
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/view`,
    access: PERM.emailList,
    tags,
    summary: "One e-mail with each recipient's status and error (in the caller's language)",
    query: IdParam,
    response: EmailDetailSchema,
    handler: ({ query, locale }) => emails.view(query.id, locale),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/add`,
    access: PERM.emailAdd,
    tags,
    summary: 'Store an e-mail and queue it for each recipient (sent by the delivery worker)',
    body: EmailAddBody,
    response: z.object({ id: z.number().int() }),
    handler: ({ body, member }) => emails.add(body, member?.id ?? null),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/resend`,
    access: PERM.emailResend,
    tags,
    summary: 'Queue the failed recipients of an e-mail again',
    body: IdParam,
    response: EmailResendResult,
    handler: ({ body }) => emails.resend(body.id),
  });
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/emailAgents`,
    access: PERM.emailAdd,
    tags,
    summary: 'The mail servers a person may choose when writing an e-mail',
    response: z.array(EmailAgentSchema),
    handler: () => senders.agents(),
  });
}
