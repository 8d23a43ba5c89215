import {
  Code,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_REPLY_MAX,
  formatMessage,
  isLocale,
  normalizeMobile,
  PERM,
  type FeedbackAnswerBody,
  type FeedbackDetail,
  type FeedbackItem,
  type FeedbackListQuery,
  type Locale,
  type Page,
} from '@study-crm/shared';
import { AppError, badRequest, found, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { pageResult, pageWindow } from '../../lib/paging.js';
import type { Tx } from '../../db/transaction.js';
import { answersFor, type CaptchaService } from '../captcha/index.js';
import type { InboxService } from '../inbox/index.js';
import type { SystemMail } from '../mail/index.js';
import type { PeopleService } from '../people/index.js';
import { toFeedbackDetail, toFeedbackItem } from './feedback.mapper.js';
import {
  FEEDBACK_COUNTER,
  type FeedbackRepository,
  type FeedbackRow,
  type NewFeedback,
} from './feedback.repository.js';
import { excerpt, plainText } from './feedback.text.js';

// Unanswered feedback is a to-do of every staff member who may answer it (decision: one to-do row per member).
export const FEEDBACK_TODO_KIND = 'feedback';
export const feedbackLink = (id: number) => `/feedbackManage/feedback?id=${id}`;
// Public submissions per address: at most `max` in the counter's window (every app server counts in the same table).
export const SUBMIT_LIMIT = { max: 5, windowMs: FEEDBACK_COUNTER.windowMs };

// A feedback as its export writes it: the row, its latest reply and who wrote it.
export type FeedbackExportRow = { row: FeedbackRow; reply: string | null; repliedBy: string | null };

type Submission = {
  name: string;
  email?: string | null | undefined;
  areaCode?: string | null | undefined;
  mobile?: string | null | undefined;
  content: string;
};

export function createFeedbackService(deps: {
  repo: FeedbackRepository;
  captcha: Pick<CaptchaService, 'verify'>;
  people: Pick<PeopleService, 'names' | 'staffWithPermission' | 'contact'>;
  inbox: Pick<InboxService, 'syncSourceTodo' | 'postMessage'>;
  mail: Pick<SystemMail, 'queue' | 'available' | 'nudge'>;
  clock: Clock;
  limit?: { max: number };
}) {
  const { repo, captcha, people, inbox, mail, clock } = deps;
  const limit = deps.limit ?? SUBMIT_LIMIT;

  // The feedback and, in the same transaction, a to-do for each staff member holding the answer permission.
  async function store(s: Submission, memberId: number | null, locale: Locale): Promise<{ id: number }> {
    const content = plainText(s.content, FEEDBACK_CONTENT_MAX);
    if (!content) throw badRequest('content', 'v.required');
    const name = plainText(s.name, 60);
    if (!name) throw badRequest('name', 'v.required');
    const areaCode = s.mobile ? (s.areaCode?.trim().replace(/^\+/, '') ?? null) : null;
    const row: NewFeedback = {
      memberId,
      name,
      email: s.email?.trim() || null,
      areaCode,
      // As the member module keeps them (decision 347): without separators or trunk 0, so the list's keyword and the
      // search box find the digits.
      mobile: s.mobile?.trim() ? normalizeMobile(areaCode ?? '', s.mobile.trim()) : null,
      content,
      locale,
      createdAt: clock.now(),
    };
    const id = await repo.transaction(async (tx) => {
      const id = await repo.insert(tx, row);
      const title = excerpt(`${name} · ${content}`, 120);
      for (const staffId of await people.staffWithPermission(PERM.feedbackAnswer, tx)) {
        const todoId = await repo.insertTodo(tx, id, staffId);
        await inbox.syncSourceTodo(
          { kind: FEEDBACK_TODO_KIND, id: todoId },
          { memberId: staffId, kind: FEEDBACK_TODO_KIND, title, link: feedbackLink(id), dueAt: null, done: 0 },
          tx,
        );
      }
      return id;
    });
    return { id };
  }

  async function clearTodos(tx: Tx, feedbackId: number) {
    const todos = await repo.todos(tx, feedbackId);
    for (const t of todos) await inbox.syncSourceTodo({ kind: FEEDBACK_TODO_KIND, id: t.id }, null, tx);
    await repo.removeTodos(
      tx,
      todos.map((t) => t.id),
    );
  }

  async function detail(id: number): Promise<FeedbackDetail> {
    const row = found(await repo.find(id));
    const replies = await repo.replies(id);
    const names = await people.names([row.memberId, row.repliedBy, ...replies.map((r) => r.authorId)]);
    return toFeedbackDetail(row, replies, names);
  }

  // The e-mail to the sender: the reply, then their message quoted.
  const replyText = (f: FeedbackRow, reply: string) =>
    `${reply}\n\n${f.content
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n')}`;

  return {
    // Public call: the per-address limit is counted first (every attempt counts), then the single-use captcha.
    async submit(b: Submission & { key: string; code: string }, ip: string, locale: Locale) {
      const n = await repo.countSubmission(ip, clock.now());
      if (n > limit.max) {
        throw new AppError(Code.TOO_MANY_ATTEMPTS, 'tooManyFeedbacks', {
          minutes: Math.ceil(SUBMIT_LIMIT.windowMs / 60_000),
        });
      }
      // (A code e-mailed for a sign-in answers for that account, not for feedback: decision 371.)
      if (!answersFor(await captcha.verify(b.key, b.code), undefined)) throw new AppError(Code.CAPTCHA_ERROR);
      return store(b, null, locale);
    },

    // A signed-in member's own feedback: name and contact from their account.
    async submitMine(memberId: number, content: string, locale: Locale) {
      const me = found(await people.contact(memberId));
      return store({ ...me, content }, memberId, locale);
    },

    async list(q: FeedbackListQuery): Promise<Page<FeedbackItem>> {
      const w = pageWindow(q);
      const { rows, total } = await repo.page(q, w);
      const names = await people.names(rows.flatMap((r) => [r.memberId, r.repliedBy]));
      return pageResult(
        rows.map((r) => toFeedbackItem(r, names)),
        total,
        w,
      );
    },

    detail,

    /**
     * A reply: stored with its author and time (never edited; a later reply adds to the thread), e-mailed to the
     * sender through the outbox when an e-mail is known, posted to the member's message box when the sender is a
     * member, and the feedback's to-dos cleared, all in one transaction.
     */
    async answer(b: FeedbackAnswerBody, by: number): Promise<FeedbackDetail> {
      const content = plainText(b.content, FEEDBACK_REPLY_MAX);
      if (!content) throw badRequest('content', 'v.required');
      const now = clock.now();
      let queued = false;
      // Without a mail server the reply is kept and shown, and the answer says no e-mail went out.
      const canMail = await mail.available();
      await repo.transaction(async (tx) => {
        if (!(await repo.markAnswered(tx, b.id, by, now))) throw notFound();
        const f = (await repo.find(b.id, tx))!;
        const locale: Locale = isLocale(f.locale) ? f.locale : 'zh-TW';
        const subject = formatMessage('feedbackReplySubject', locale);
        const emailId =
          f.email && canMail
            ? await mail.queue(tx, { to: f.email, subject, text: replyText(f, content), createdBy: by })
            : null;
        queued = emailId !== null;
        if (f.memberId) {
          await inbox.postMessage({ memberId: f.memberId, title: subject, content, link: null }, tx);
        }
        await repo.insertReply(tx, {
          feedbackId: b.id,
          authorId: by,
          content,
          emailId,
          messaged: f.memberId ? 1 : 0,
          createdAt: now,
        });
        await clearTodos(tx, b.id);
      });
      if (queued) mail.nudge();
      return detail(b.id);
    },

    // A page of the list (its filters and order) with each feedback's whole content and latest reply: its export.
    async exportPage(q: FeedbackListQuery): Promise<Page<FeedbackExportRow>> {
      const w = pageWindow(q);
      const { rows, total } = await repo.page(q, w);
      const [replies, names] = await Promise.all([
        repo.latestReplies(rows.map((r) => r.id)),
        people.names(rows.map((r) => r.repliedBy)),
      ]);
      const list = rows.map((r) => ({
        row: r,
        reply: replies.get(r.id) ?? null,
        repliedBy: r.repliedBy ? (names.get(r.repliedBy)?.name ?? null) : null,
      }));
      return pageResult(list, total, w);
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
