import { z } from 'zod';
import { isValidEmail } from '../helpers.js';
import { commaItems, pageOf, zEpochMs, zId, zInt, zOptText, zPaging, zText } from '../wire.js';

// Messaging (issue 15): SMTP senders, message templates and e-mails (spec sections 2, 3 and 5).

export const TLS_MODES = ['starttls', 'tls', 'none'] as const;
export type TlsMode = (typeof TLS_MODES)[number];

// A mail server. The password is write-only: required on add, kept when left empty on update, never returned.
export const MailSenderFields = z.object({
  host: zText(255).describe('SMTP host'),
  port: zInt().pipe(z.number().min(1).max(65535)).describe('SMTP port'),
  account: zText(255).describe('mailbox account (login and from address)'),
  tlsMode: z
    .enum(TLS_MODES)
    .nullish()
    .describe('starttls (default on add; unchanged when empty on update), tls (implicit, port 465) or none'),
  displayName: zOptText(100).describe('name shown as the sender'),
  replyTo: zOptText(320)
    .refine((v) => v == null || v === '' || isValidEmail(v), 'v.email')
    .describe('Reply-To address of its e-mails; empty: replies go to the account'),
});
export const MailSenderAddBody = MailSenderFields.extend({
  password: z.string().min(1).max(255).describe('mailbox password (stored encrypted, never returned)'),
});
export type MailSenderAddBody = z.infer<typeof MailSenderAddBody>;
export const MailSenderUpdateBody = MailSenderFields.extend({
  id: zId(),
  password: z.string().max(255).nullish().describe('new password; empty keeps the stored one'),
});
export type MailSenderUpdateBody = z.infer<typeof MailSenderUpdateBody>;

export const MailSenderSchema = z.object({
  id: z.number().int(),
  host: z.string(),
  port: z.number().int(),
  account: z.string(),
  tlsMode: z.enum(TLS_MODES),
  displayName: z.string().nullable(),
  replyTo: z.string().nullable(),
  hasPassword: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type MailSender = z.infer<typeof MailSenderSchema>;
export const MailSenderListQuery = zPaging.extend({ keyword: zOptText(100).describe('host, account or name') });
export type MailSenderListQuery = z.infer<typeof MailSenderListQuery>;
export const MailSenderPage = pageOf(MailSenderSchema);

// The senders a person may choose when writing an e-mail.
export const EmailAgentSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  displayName: z.string().nullable(),
});
export type EmailAgent = z.infer<typeof EmailAgentSchema>;

export const MailSenderTestResult = z.object({
  isOk: z.boolean(),
  message: z.string().describe("the SMTP server's answer, or the failure in the caller's language"),
});
export type MailSenderTestResult = z.infer<typeof MailSenderTestResult>;

// Template: name, content title, type (required), HTML frame URL or uploaded frame, content (spec sections 2, 5).
export const TEMPLATE_CONTENT_MAX = 200_000;
export const TEMPLATE_FRAME_PLACEHOLDER = '{{content}}';
// The variables an e-mail's subject, content and frame may use (Liquid outputs such as {{ student.name }}): those
// known for every recipient, filled in as each is sent, and those of the application chosen when the e-mail is
// written (an e-mail that uses one needs an application, decision 33).
export const MAIL_VARIABLES = [
  'recipient.email',
  'sender.name',
  'sender.email',
  'date',
  'platform',
  'portal.link',
] as const;
export const APPLICATION_MAIL_VARIABLES = [
  'student.name',
  'student.engName',
  'student.email',
  'application.status',
  'application.date',
  'application.targetSchools',
  'teacher.signing',
  'teacher.follow',
] as const;
export type MailVariable = (typeof MAIL_VARIABLES)[number] | (typeof APPLICATION_MAIL_VARIABLES)[number];
// Both: what a template may use, and an e-mail once it names an application.
export const EVERY_MAIL_VARIABLE: readonly MailVariable[] = [...MAIL_VARIABLES, ...APPLICATION_MAIL_VARIABLES];
export const TemplateFields = z.object({
  name: zText(100).describe('template name'),
  title: zOptText(255).describe('content title (the e-mail subject); may use variables'),
  type: z.string({ error: 'v.templateType' }).trim().min(1, 'v.templateType').max(64).describe('template type'),
  frameUrl: zOptText(1000).describe('http(s) address of the HTML frame, on an allowed host; fetched once on save'),
  frameHtml: z
    .string()
    .max(TEMPLATE_CONTENT_MAX)
    .nullish()
    .describe(`uploaded HTML frame; ${TEMPLATE_FRAME_PLACEHOLDER} marks where the content goes`),
  content: z
    .string()
    .max(TEMPLATE_CONTENT_MAX)
    .nullish()
    .describe('HTML content; Liquid variables, e.g. {{ student.name }}'),
});
export const TemplateAddBody = TemplateFields;
export type TemplateAddBody = z.infer<typeof TemplateAddBody>;
export const TemplateUpdateBody = TemplateFields.extend({ id: zId() });
export type TemplateUpdateBody = z.infer<typeof TemplateUpdateBody>;
export const TemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string().nullable(),
  type: z.string(),
  frameUrl: z.string().nullable(),
  frameHtml: z.string().nullable(),
  content: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Template = z.infer<typeof TemplateSchema>;
export const TemplateListQuery = zPaging.extend({
  type: zOptText(64),
  keyword: zOptText(100).describe('name or title'),
});
export type TemplateListQuery = z.infer<typeof TemplateListQuery>;
export const TemplatePage = pageOf(TemplateSchema);
export const TemplateGetListQuery = z.object({ type: zOptText(64).describe('only templates of this type') });
export const TemplateOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  title: z.string().nullable(),
});
export type TemplateOption = z.infer<typeof TemplateOptionSchema>;

// E-mail (spec sections 3 and 5): recipients comma-separated, trimmed, each valid, duplicates removed.
export const EMAIL_RECIPIENTS_MAX = 100;
// An e-mail's subject, as typed and once the application's details are filled in (the column's size).
export const EMAIL_SUBJECT_MAX = 255;
export const EMAIL_CONTENT_MAX = 500_000;
export function splitRecipients(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[,;\n]/)) {
    const address = part.trim();
    if (!address || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    out.push(address);
  }
  return out;
}
const recipientList = (text: string, ctx: z.RefinementCtx, isRequired: boolean) => {
  const list = splitRecipients(text);
  if (!list.length && isRequired) ctx.addIssue({ code: 'custom', message: 'v.required' });
  else if (list.some((a) => !isValidEmail(a))) ctx.addIssue({ code: 'custom', message: 'v.email' });
  else if (list.length > EMAIL_RECIPIENTS_MAX) ctx.addIssue({ code: 'custom', message: 'v.recipientsMax' });
  return list;
};
export const zRecipients = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(EMAIL_RECIPIENTS_MAX * 320)
    .transform((text, ctx) => recipientList(text, ctx, true));
// Cc and Bcc: the same rule as To, empty allowed.
export const zOptRecipients = () =>
  z
    .string()
    .trim()
    .max(EMAIL_RECIPIENTS_MAX * 320)
    .nullish()
    .transform((text, ctx) => recipientList(text ?? '', ctx, false));

// To, Cc and Bcc as sent: an address goes once, in its first place (To before Cc before Bcc).
export const EMAIL_ROLES = ['to', 'cc', 'bcc'] as const;
export type EmailRole = (typeof EMAIL_ROLES)[number];
export function mergeRecipients(lists: Record<EmailRole, readonly string[]>): { address: string; role: EmailRole }[] {
  const seen = new Set<string>();
  const out: { address: string; role: EmailRole }[] = [];
  for (const role of EMAIL_ROLES)
    for (const address of lists[role]) {
      if (seen.has(address.toLowerCase())) continue;
      seen.add(address.toLowerCase());
      out.push({ address, role });
    }
  return out;
}

// Attachments: files uploaded through /api/v1/fms/upload, named by the stored name that call returned
// (`attachments`, repeated or comma-separated), with the file names recipients see (`attachmentNames`, repeated
// only since a file name may hold a comma; same order; missing ones are named after the stored file's extension).
export const EMAIL_ATTACHMENTS_MAX = 10;
export const EMAIL_ATTACHMENTS_MAX_BYTES = 20 * 1024 * 1024;
export const STORED_FILE_NAME_RE = /^\d{6}\/[A-Za-z0-9]{32}\.[a-z]{3,4}$/;
const toList = (split: boolean) => (v: unknown) =>
  v == null || v === '' ? [] : typeof v === 'string' ? (split ? commaItems(v) : [v]) : v;
export const zAttachmentList = () =>
  z.preprocess(
    toList(true),
    z.array(z.string().regex(STORED_FILE_NAME_RE, 'v.unknownId')).max(EMAIL_ATTACHMENTS_MAX, 'v.attachmentsMax'),
  );
export const zAttachmentNames = () =>
  z.preprocess(toList(false), z.array(z.string().trim().max(255)).max(EMAIL_ATTACHMENTS_MAX));

export const EMAIL_SCHEDULE_MAX_DAYS = 90;
export const EmailAddBody = z.object({
  senderId: zId().describe('mail server id (emailAgents)'),
  recipients: zRecipients().describe(
    `To: comma-separated addresses; To, Cc and Bcc together at most ${EMAIL_RECIPIENTS_MAX} after de-duplication`,
  ),
  cc: zOptRecipients().describe('Cc: comma-separated addresses (one also in To is sent once, as To)'),
  bcc: zOptRecipients().describe('Bcc: comma-separated addresses, never shown to the other recipients'),
  sendAt: zEpochMs()
    .nullish()
    .describe(`send later: not delivered before this time (epoch ms, at most ${EMAIL_SCHEDULE_MAX_DAYS} days ahead)`),
  templateId: zId().nullish().describe('template whose frame wraps the content'),
  applicationId: zId()
    .nullish()
    .describe('application whose student, application and teacher variables the subject and content use'),
  subject: zText(EMAIL_SUBJECT_MAX).describe('subject (title)'),
  content: z.string().trim().min(1).max(EMAIL_CONTENT_MAX).describe('HTML content; Liquid variables allowed'),
  platform: zText(32).describe('platform, e.g. WEB'),
  attachments: zAttachmentList().describe(
    `stored names from /api/v1/fms/upload (repeated or comma-separated), at most ${EMAIL_ATTACHMENTS_MAX} and ` +
      `${EMAIL_ATTACHMENTS_MAX_BYTES / 1024 / 1024} MB together`,
  ),
  attachmentNames: zAttachmentNames().describe('file names shown to recipients, repeated, in the same order'),
});
export type EmailAddBody = z.infer<typeof EmailAddBody>;

export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
// An e-mail's recipient may also be cancelled (a scheduled e-mail taken back before it went).
export const EMAIL_STATUSES = [...DELIVERY_STATUSES, 'cancelled'] as const;
export const EmailListQuery = zPaging.extend({
  status: z.enum(EMAIL_STATUSES).nullish().describe('e-mails with at least one recipient in this status'),
  senderId: zId().nullish(),
  from: zEpochMs().nullish().describe('created at or after (epoch ms)'),
  to: zEpochMs().nullish().describe('created before (epoch ms)'),
  keyword: zOptText(100).describe('subject or a recipient (To, Cc or Bcc)'),
});
export type EmailListQuery = z.infer<typeof EmailListQuery>;
export const DeliverySummarySchema = z.object({
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export const EmailSchema = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  sender: z.string().describe('the sender account'),
  templateId: z.number().int().nullable(),
  subject: z.string(),
  platform: z.string(),
  recipientCount: z.number().int().describe('To, Cc and Bcc recipients (its outbox rows)'),
  summary: DeliverySummarySchema.extend({ cancelled: z.number().int() }),
  sendAt: z.number().int().nullable().describe('send later: not delivered before (epoch ms); null: sent at once'),
  createdAt: z.number().int(),
});
export type Email = z.infer<typeof EmailSchema>;
export const EmailPage = pageOf(EmailSchema);
export const EmailRecipientSchema = z.object({
  recipient: z.string(),
  role: z.enum(EMAIL_ROLES).describe('to, cc or bcc'),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable().describe("last error in the caller's language"),
  detail: z.string().nullable().describe("the server's answer, as given"),
  sentAt: z.number().int().nullable(),
});
export const EmailAttachmentSchema = z.object({
  name: z.string().describe('stored name'),
  originalName: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type EmailAttachment = z.infer<typeof EmailAttachmentSchema>;
// The detail counts its recipients per status (`summary`); the recipients themselves are read a page at a time
// (`EmailRecipientsQuery`): a notice's copy has one per member.
export const EmailDetailSchema = EmailSchema.extend({
  content: z.string(),
  attachments: z.array(EmailAttachmentSchema),
});
export type EmailDetail = z.infer<typeof EmailDetailSchema>;
export const EmailRecipientsQuery = zPaging.extend({
  id: zId().describe('e-mail id'),
  status: z.enum(EMAIL_STATUSES).nullish().describe('only the recipients in this delivery status'),
});
export type EmailRecipientsQuery = z.infer<typeof EmailRecipientsQuery>;
export const EmailRecipientPage = pageOf(EmailRecipientSchema);
export const EmailResendResult = z.object({ requeued: z.number().int() });
export type EmailRecipient = z.infer<typeof EmailRecipientSchema>;
export const EmailRescheduleBody = z.object({
  id: zId(),
  sendAt: zEpochMs().describe('the new time (epoch ms): not delivered before it'),
});
export type EmailRescheduleBody = z.infer<typeof EmailRescheduleBody>;
