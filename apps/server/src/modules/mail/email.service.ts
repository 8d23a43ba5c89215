import {
  Code,
  EMAIL_ATTACHMENTS_MAX_BYTES,
  EMAIL_RECIPIENTS_MAX,
  EMAIL_SCHEDULE_MAX_DAYS,
  EMAIL_SUBJECT_MAX,
  mergeRecipients,
  PERM,
  type EmailRescheduleBody,
  type Email,
  type EmailAddBody,
  type EmailDetail,
  type EmailListQuery,
  type EmailRecipient,
  type EmailRecipientsQuery,
  type Locale,
  type Page,
} from '@study-crm/shared';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Caller } from '../../http/context.js';
import type { Clock } from '../../lib/clock.js';
import type { DeliveryWorker, OutboxRepository } from '../delivery/index.js';
import { isMissingFile, MIME, type FileStorage } from '../files/index.js';
import { pageResult, pageWindow } from '../../lib/paging.js';
import { deliverySummaries, emptySummary, summaryTotal, toEmailRecipient } from './email-delivery.js';
import { senderLane } from './smtp.js';
import type { MailRepository } from './mail.repository.js';
import type { ApplicationService } from '../application/index.js';
import {
  applyFrame,
  checkTemplate,
  fillApplicationVariables,
  sanitizeContent,
  usesApplicationVariables,
} from './render.js';

const DAY = 86_400_000;
// A time this little in the past (a slow form) counts as "now", as for SMS.
const SCHEDULE_SLACK_MS = 5 * 60_000;

export function createEmailService(deps: {
  repo: MailRepository;
  outbox: OutboxRepository;
  worker: Pick<DeliveryWorker, 'nudge'>;
  clock: Clock;
  storage: Pick<FileStorage, 'open'>;
  applications: Pick<ApplicationService, 'mailContext'>;
  // The names of these the member uploaded through the general upload (files module).
  uploadedBy: (memberId: number, names: readonly string[]) => Promise<Set<string>>;
}) {
  const { repo, outbox, worker, clock, storage, applications, uploadedBy } = deps;

  // The uploaded files to attach: each uploaded by the caller through the general upload (a stored name read
  // elsewhere, such as an application's passport, is not theirs to mail: decision 295) and still in storage;
  // duplicates dropped; the total within the limit.
  async function checkAttachments(b: EmailAddBody, createdBy: number | null) {
    const names = b.attachmentNames ?? [];
    if (names.length > b.attachments.length) throw badRequest('attachmentNames', 'v.unknownId');
    const theirs = createdBy === null ? new Set<string>() : await uploadedBy(createdBy, b.attachments);
    if (b.attachments.some((n) => !theirs.has(n))) throw badRequest('attachments', 'v.unknownId');
    const seen = new Set<string>();
    const out: { storedName: string; originalName: string; mime: string; size: number }[] = [];
    let total = 0;
    for (const [i, storedName] of b.attachments.entries()) {
      if (seen.has(storedName)) continue;
      seen.add(storedName);
      // (A store that cannot be reached answers 9005: the e-mail is not written.)
      const file = await storage.open(storedName).catch((err: unknown) => {
        if (isMissingFile(err)) return undefined;
        throw err;
      });
      if (!file) throw badRequest('attachments', 'v.unknownId');
      total += file.size;
      const ext = storedName.slice(storedName.lastIndexOf('.') + 1);
      out.push({
        storedName,
        originalName: names[i] || `attachment-${out.length + 1}.${ext}`,
        mime: MIME[ext] ?? 'application/octet-stream',
        size: file.size,
      });
    }
    if (total > EMAIL_ATTACHMENTS_MAX_BYTES)
      throw badRequest('attachments', 'v.fileTooLarge', { max: `${EMAIL_ATTACHMENTS_MAX_BYTES / 1024 / 1024} MB` });
    return out;
  }

  // A scheduled time: in the future (a few minutes' slack for a slow form), within the limit.
  function scheduledTime(at: number, field: string): number {
    const now = clock.now();
    if (at < now - SCHEDULE_SLACK_MS) throw new AppError(Code.EMAIL_SEND_AT_PAST);
    if (at > now + EMAIL_SCHEDULE_MAX_DAYS * DAY) throw badRequest(field, 'v.format');
    return Math.max(at, now);
  }

  // A scheduled e-mail whose rows are all still queued, moved to `dueAt` or (null) cancelled in one transaction.
  async function hold(id: number, dueAt: number | null) {
    const e = await repo.email(id);
    if (!e || e.isSystem) throw notFound();
    if (e.sendAt === null) throw new AppError(Code.EMAIL_NOT_SCHEDULED);
    const rows = await outbox.byMessage('email', id);
    if (rows.length && rows.every((r) => r.status === 'cancelled')) throw new AppError(Code.EMAIL_CANCELLED);
    const now = clock.now();
    await repo.transaction(async (tx) => {
      if (!(await outbox.holdQueued(tx, 'email', id, dueAt, now))) throw new AppError(Code.EMAIL_ALREADY_SENT);
      if (dueAt !== null) await repo.updateEmail(tx, id, { sendAt: dueAt, updatedAt: now });
    });
    return rows.length;
  }

  return {
    async list(q: EmailListQuery): Promise<Page<Email>> {
      const page = await repo.emailPage(q);
      const sums = await deliverySummaries(
        outbox,
        page.list.map((r) => r.id),
      );
      return {
        ...page,
        list: page.list.map((r) => ({
          id: r.id,
          senderId: r.senderId,
          sender: r.sender,
          templateId: r.templateId,
          subject: r.subject,
          platform: r.platform,
          // The outbox rows per status (kept counts), as the recipients' pages list them.
          recipientCount: summaryTotal(sums.get(r.id) ?? emptySummary()),
          summary: sums.get(r.id) ?? emptySummary(),
          sendAt: r.sendAt,
          createdAt: r.createdAt,
        })),
      };
    },

    // The recipients per status come from the kept counts; the recipients themselves from `recipients`, a page at
    // a time (a notice's copy has one per member).
    async view(id: number): Promise<EmailDetail> {
      const e = await repo.email(id);
      if (!e || e.isSystem) throw notFound();
      const [sender, sums, files] = await Promise.all([
        repo.sender(e.senderId),
        deliverySummaries(outbox, [id]),
        repo.attachments(id),
      ]);
      const summary = sums.get(id) ?? emptySummary();
      return {
        id: e.id,
        senderId: e.senderId,
        sender: sender?.account ?? '',
        templateId: e.templateId,
        subject: e.subject,
        platform: e.platform,
        recipientCount: summaryTotal(summary),
        summary,
        sendAt: e.sendAt,
        createdAt: e.createdAt,
        content: e.content,
        attachments: files.map((f) => ({
          name: f.storedName,
          originalName: f.originalName,
          mime: f.mime,
          size: Number(f.size),
        })),
      };
    },

    // One page of an e-mail's recipients in queue order, optionally of one status: the rows read in SQL, the total
    // from the kept counts (decision 304).
    async recipients(q: EmailRecipientsQuery, locale: Locale): Promise<Page<EmailRecipient>> {
      const e = await repo.email(q.id);
      if (!e || e.isSystem) throw notFound();
      const w = pageWindow(q, { order: 'asc' });
      const { rows, total } = await outbox.pageByMessage('email', q.id, w, q.status);
      return pageResult(
        rows.map((r) => toEmailRecipient(r, locale)),
        total,
        w,
      );
    },

    // Stores the e-mail and queues one outbox row per recipient in one transaction; the worker sends them.
    async add(b: EmailAddBody, caller: Caller): Promise<{ id: number }> {
      const createdBy = caller.id;
      if (!(await repo.sender(b.senderId))) throw badRequest('senderId', 'v.unknownId');
      const recipients = mergeRecipients({ to: b.recipients, cc: b.cc, bcc: b.bcc });
      if (recipients.length > EMAIL_RECIPIENTS_MAX) throw badRequest('recipients', 'v.recipientsMax');
      const sendAt = b.sendAt == null ? null : scheduledTime(b.sendAt, 'sendAt');
      const template = b.templateId ? await repo.template(b.templateId) : null;
      if (b.templateId && !template) throw badRequest('templateId', 'v.unknownId');
      if (!(await checkTemplate(b.subject))) throw badRequest('subject', 'v.template');
      // The body is checked as it will be stored and rendered: sanitising can break a Liquid tag (`{% if a <b %}`
      // reads as an HTML tag), which would fail every recipient at send time.
      const clean = sanitizeContent(b.content);
      if (!(await checkTemplate(clean))) throw badRequest('content', 'v.template');
      const files = await checkAttachments(b, createdBy);
      // Application variables are filled in now from the chosen application; the others per recipient at send.
      // They are the student's name, address, status, schools and teachers: only a caller who may open the
      // application's detail (its screen's permission, as its route and timeline ask) has them filled in. Anyone else
      // gets the detail's answer to an application that does not exist, as an unknown id does, so `email:add` alone
      // reads nothing by stepping ids, not even which ones exist.
      const mayRead = caller.perms.has(PERM.applicationView);
      const context = b.applicationId && mayRead ? await applications.mailContext(b.applicationId) : undefined;
      if (b.applicationId && !context) throw notFound();
      const frame = template?.frameHtml ?? null;
      if (!context && [b.subject, b.content, frame ?? ''].some(usesApplicationVariables))
        throw badRequest('applicationId', 'v.required');
      const fill = (text: string, kind: 'html' | 'text') =>
        context ? fillApplicationVariables(text, context, kind) : Promise.resolve(text);
      const content = await fill(clean, 'html');
      const subject = await fill(b.subject, 'text');
      // The subject's column holds what the form allows; a student's long name can take it past that once filled.
      if (subject.length > EMAIL_SUBJECT_MAX)
        throw badRequest('subject', 'v.filledTooLong', { max: EMAIL_SUBJECT_MAX });
      const bodyHtml = await fill(applyFrame(frame, content), 'html');
      const now = clock.now();
      const id = await repo.transaction(async (tx) => {
        const messageId = await repo.insertEmail(tx, {
          senderId: b.senderId,
          templateId: template?.id ?? null,
          subject,
          content,
          bodyHtml,
          platform: b.platform,
          sendAt,
          createdBy,
          createdAt: now,
          updatedAt: now,
          isSystem: 0,
        });
        await repo.insertAttachments(
          tx,
          files.map((f) => Object.assign({}, f, { emailId: messageId, createdAt: now })),
        );
        // Scheduled: the rows are due at sendAt, so no worker sends them before.
        await outbox.enqueue(tx, 'email', messageId, recipients, now, sendAt ?? now, senderLane(b.senderId));
        return messageId;
      });
      worker.nudge();
      return { id };
    },

    // Send later: a new time for an e-mail not sent yet.
    async reschedule(b: EmailRescheduleBody): Promise<{ sendAt: number }> {
      const sendAt = scheduledTime(b.sendAt, 'sendAt');
      await hold(b.id, sendAt);
      worker.nudge();
      return { sendAt };
    },

    // Takes back a scheduled e-mail not sent yet: its rows are cancelled (never claimed); answers how many.
    async cancel(id: number): Promise<{ cancelled: number }> {
      return { cancelled: await hold(id, null) };
    },

    // Puts the failed recipients of an e-mail back in the queue.
    async resend(id: number): Promise<{ requeued: number }> {
      const e = await repo.email(id);
      if (!e || e.isSystem) throw notFound();
      const requeued = await outbox.requeueFailed('email', id, clock.now());
      if (requeued) worker.nudge();
      return { requeued };
    },
  };
}
export type EmailService = ReturnType<typeof createEmailService>;
