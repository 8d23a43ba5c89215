import { normalizeMobile, searchText } from '@study-crm/shared';
import type { FeedbackFilter } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { containsPattern, countAll, countInWindow, likeLower } from '../../db/sql-helpers.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type { PageWindow, SortOrder } from '../../lib/paging.js';
import { compiledPageRows, givenValues } from '../../db/page-rows.js';
import type { Slots } from '../../db/compiled.js';

// The columns of a feedback row and of a reply (the subject access export reads the same).
export const FEEDBACK_COLUMNS = [
  'id',
  'memberId',
  'name',
  'email',
  'areaCode',
  'mobile',
  'content',
  'locale',
  'status',
  'replyCount',
  'repliedAt',
  'repliedBy',
  'createdAt',
] as const;
export const REPLY_COLUMNS = ['id', 'feedbackId', 'authorId', 'content', 'emailId', 'messaged', 'createdAt'] as const;

export type FeedbackRow = Omit<Row<'feedback'>, 'searchText'>;
export type FeedbackReplyRow = Row<'feedbackReply'>;
export type NewFeedback = Omit<FeedbackRow, 'id' | 'status' | 'replyCount' | 'repliedAt' | 'repliedBy'>;
export type NewReply = Omit<FeedbackReplyRow, 'id'>;

// Public submissions per network address, counted in an hour (login_throttle). A request counts in the address's
// current window only (a passed one starts again at its next submission) and deletes nothing; the retention run
// drops the passed windows (retention.repository.ts).
export const FEEDBACK_COUNTER = { prefix: 'feedback:', windowMs: 60 * 60_000 } as const;

// A keyword typed as a phone number ("07700 900123") as mobiles are stored (normalizeMobile: no separators, no
// trunk 0), when that differs from what was typed; null otherwise.
function phonePattern(keyword: string): string | null {
  const typed = keyword.trim();
  const digits = normalizeMobile('', typed);
  return /^\d{3,}$/.test(digits) && digits !== typed ? containsPattern(digits) : null;
}

// The only SQL of the feedback module.
export function createFeedbackRepository(db: Db) {
  // The list's filter from its slots (givenValues; `keyword` a contains-pattern of the name, e-mail, mobile or text;
  // `phone` one of the mobile as stored, when the keyword is a number typed with separators or a trunk 0).
  function filtered(s: Slots<string>) {
    let q = db.selectFrom('feedback');
    if (s.status) q = q.where('status', '=', s.status);
    if (s.from) q = q.where('createdAt', '>=', s.from);
    if (s.to) q = q.where('createdAt', '<', s.to);
    if (s.keyword) {
      const p = s.keyword;
      q = q.where((eb) =>
        eb.or([
          likeLower('name', p),
          likeLower('email', p),
          likeLower('mobile', p),
          likeLower('content', p),
          ...(s.phone ? [likeLower('mobile', s.phone)] : []),
        ]),
      );
    }
    return q;
  }
  // Each shape (the filters given, the order) built and compiled once (issue 43).
  const feedbackPage = compiledPageRows(db, (order: SortOrder, s) => ({
    rows: filtered(s).select(FEEDBACK_COLUMNS).orderBy('createdAt', order).orderBy('id', order),
    count: filtered(s).select(countAll),
  }));
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => runInTransaction(db, fn),

    // One more submission from an address in its current window (shared by every app server: it is a row).
    countSubmission: (ip: string, now: number): Promise<number> =>
      countInWindow(db, `${FEEDBACK_COUNTER.prefix}${ip}`, now, FEEDBACK_COUNTER.windowMs),

    find: (id: number, tx: Conn = db): Promise<FeedbackRow | undefined> =>
      tx.selectFrom('feedback').select(FEEDBACK_COLUMNS).where('id', '=', id).executeTakeFirst(),

    async page(f: FeedbackFilter, w: PageWindow): Promise<{ rows: FeedbackRow[]; total: number }> {
      const { key, values } = givenValues({
        status: f.status,
        from: f.from,
        to: f.to,
        keyword: f.keyword ? containsPattern(f.keyword) : null,
        phone: f.keyword ? phonePattern(f.keyword) : null,
      });
      const { rows, total } = await feedbackPage(`${key}:${w.order}`, w.order, values, w);
      return { rows: rows as FeedbackRow[], total };
    },

    insert: async (tx: Tx, v: NewFeedback): Promise<number> => {
      const row = await tx
        .insertInto('feedback')
        .values({ ...v, searchText: searchText([v.name, v.email, v.mobile]), status: 'open', replyCount: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    // First statement of an answer: marks the feedback answered and counts the reply. On PostgreSQL the row stays
    // locked until the transaction ends, so concurrent answers of one feedback run one after the other.
    // False: no such feedback.
    async markAnswered(tx: Tx, id: number, by: number, now: number): Promise<boolean> {
      const res = await tx
        .updateTable('feedback')
        .set((eb) => ({ status: 'answered', replyCount: eb('replyCount', '+', 1), repliedAt: now, repliedBy: by }))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    insertReply: async (tx: Tx, v: NewReply): Promise<number> => {
      const row = await tx.insertInto('feedbackReply').values(v).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    replies: (feedbackId: number, tx: Conn = db): Promise<FeedbackReplyRow[]> =>
      tx.selectFrom('feedbackReply').select(REPLY_COLUMNS).where('feedbackId', '=', feedbackId).orderBy('id').execute(),

    // Latest reply text of each feedback (list and export).
    async latestReplies(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('feedbackReply')
        .select(['feedbackId', 'content', 'id'])
        .where('feedbackId', 'in', ids)
        .orderBy('id')
        .execute();
      return new Map(rows.map((r) => [r.feedbackId, r.content]));
    },

    // To-do holders of one feedback: the row id is the to-do's source id in the inbox.
    insertTodo: async (tx: Tx, feedbackId: number, memberId: number): Promise<number> => {
      const row = await tx
        .insertInto('feedbackTodo')
        .values({ feedbackId, memberId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    todos: (tx: Conn, feedbackId: number) =>
      tx.selectFrom('feedbackTodo').select(['id', 'memberId']).where('feedbackId', '=', feedbackId).execute(),
    removeTodos: async (tx: Tx, ids: number[]): Promise<void> => {
      if (ids.length) await tx.deleteFrom('feedbackTodo').where('id', 'in', ids).execute();
    },
  };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
