import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import {
  EmailAddBody,
  EmailAgentSchema,
  EmailDetailSchema,
  EmailListQuery,
  EmailPage,
  EmailRecipientPage,
  EmailRecipientsQuery,
  EmailResendResult,
  EmailRescheduleBody,
  MailSenderAddBody,
  MailSenderListQuery,
  MailSenderPage,
  MailSenderSchema,
  MailSenderTestResult,
  MailSenderUpdateBody,
  TemplateAddBody,
  TemplateGetListQuery,
  TemplateListQuery,
  TemplateOptionSchema,
  TemplatePage,
  TemplateSchema,
  TemplateUpdateBody,
} from '../schemas/mail.js';
import { IdParam } from '../wire.js';

// The calls of the mail module (spec section 7).
export const mailSenderApi = {
  list: getCall('/admin/v1/mailSenders/list', MailSenderListQuery, MailSenderPage),
  view: getCall('/admin/v1/mailSenders/view', IdParam, MailSenderSchema),
  add: postCall('/admin/v1/mailSenders/add', MailSenderAddBody, MailSenderSchema),
  update: postCall('/admin/v1/mailSenders/update', MailSenderUpdateBody, MailSenderSchema),
  remove: postCall('/admin/v1/mailSenders/remove', IdParam, z.null()),
  test: postCall('/admin/v1/mailSenders/test', IdParam, MailSenderTestResult),
};

export const templateApi = {
  list: getCall('/admin/v1/message/templates/list', TemplateListQuery, TemplatePage),
  view: getCall('/admin/v1/message/templates/view', IdParam, TemplateSchema),
  getlist: getCall('/admin/v1/message/templates/getlist', TemplateGetListQuery, z.array(TemplateOptionSchema)),
  add: postCall('/admin/v1/message/templates/add', TemplateAddBody, TemplateSchema),
  update: postCall('/admin/v1/message/templates/update', TemplateUpdateBody, TemplateSchema),
  delete: postCall('/admin/v1/message/templates/delete', IdParam, z.null()),
};

export const emailApi = {
  list: getCall('/admin/v1/message/email/list', EmailListQuery, EmailPage),
  view: getCall('/admin/v1/message/email/view', IdParam, EmailDetailSchema),
  // An e-mail's recipients, a page at a time in queue order (a notice's copy has one per member).
  recipients: getCall('/admin/v1/message/email/recipients', EmailRecipientsQuery, EmailRecipientPage),
  add: postCall('/admin/v1/message/email/add', EmailAddBody, z.object({ id: z.number().int() })),
  resend: postCall('/admin/v1/message/email/resend', IdParam, EmailResendResult),
  reschedule: postCall(
    '/admin/v1/message/email/reschedule',
    EmailRescheduleBody,
    z.object({ sendAt: z.number().int() }),
  ),
  cancel: postCall('/admin/v1/message/email/cancel', IdParam, z.object({ cancelled: z.number().int() })),
  emailAgents: getCall('/admin/v1/message/email/emailAgents', undefined, z.array(EmailAgentSchema)),
};
