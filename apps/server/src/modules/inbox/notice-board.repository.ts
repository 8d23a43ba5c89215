import { sql, type SelectQueryBuilder } from 'kysely';
import type { NoticeSortField, NoticeState } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { Database, Row } from '../../db/schema.js';
import { containsPattern, countAll, likeLower, updateWhileNull } from '../../db/sql-helpers.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type { PageWindow } from '../../lib/paging.js';
import { pageRows } from '../../db/page-rows.js';

// The notice board: the admin side of the member_notice table the message box reads (issue 17).
const NOTICE_COLUMNS = [
  'id',
  'memberId',
  'title',
  'content',
  'publishAt',
  'expiresAt',
  'createdBy',
  'updatedBy',
  'createdAt',
  'updatedAt',
] as const;

export type NoticeRow = Omit<Row<'memberNotice'>, 'deletedAt'>;
export type NoticeValues = {
  memberId: number;
  title: string;
  content: string;
  publishAt: number;
  expiresAt: number | null;
};
export type NoticeFilter = {
  keyword?: string | null | undefined;
  recipientId?: number | null | undefined;
  state?: NoticeState | null | undefined;
};

// "Never expires" sorts after every expiry on both engines.
const NEVER = 253402300799999;

type NoticeQuery = SelectQueryBuilder<Database, 'memberNotice', object>;
function applyFilter(q: NoticeQuery, f: NoticeFilter, now: number): NoticeQuery {
  q = q.where('deletedAt', 'is', null);
  if (f.keyword) q = q.where(likeLower('title', containsPattern(f.keyword)));
  if (f.recipientId !== null && f.recipientId !== undefined) q = q.where('memberId', '=', f.recipientId);
  if (f.state === 'scheduled') q = q.where('publishAt', '>', now);
  if (f.state === 'published') {
    q = q.where('publishAt', '<=', now).where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]));
  }
  if (f.state === 'expired') q = q.where('expiresAt', 'is not', null).where('expiresAt', '<=', now);
  return q;
}

export function createNoticeBoardRepository(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => runInTransaction(db, fn),

    async page(
      f: NoticeFilter,
      sort: NoticeSortField,
      w: PageWindow,
      now: number,
    ): Promise<{ rows: NoticeRow[]; total: number }> {
      const base = applyFilter(db.selectFrom('memberNotice'), f, now);
      const ordered =
        sort === 'expiresAt'
          ? base.orderBy(sql`coalesce(expires_at, ${sql.lit(NEVER)})`, w.order)
          : sort === 'title'
            ? base.orderBy(sql`lower(title)`, w.order)
            : base.orderBy(sort, w.order);
      return pageRows(db, ordered.select(NOTICE_COLUMNS).orderBy('id', w.order), base.select(countAll), w);
    },

    find: (id: number, tx: Conn = db): Promise<NoticeRow | undefined> =>
      tx
        .selectFrom('memberNotice')
        .select(NOTICE_COLUMNS)
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst(),

    async insert(v: NoticeValues, by: number, now: number, tx: Conn = db): Promise<number> {
      const r = await tx
        .insertInto('memberNotice')
        .values({ ...v, createdBy: by, updatedBy: by, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    // Conditional on the notice still existing: false when it was deleted meanwhile.
    update: (id: number, v: NoticeValues, by: number, now: number, tx: Conn = db): Promise<boolean> =>
      updateWhileNull(tx, 'memberNotice', { id }, 'deletedAt', { ...v, updatedBy: by, updatedAt: now }),

    // Soft delete (the box ignores it at once); false when it was already gone.
    remove: (id: number, by: number, now: number, tx: Conn = db): Promise<boolean> =>
      updateWhileNull(tx, 'memberNotice', { id }, 'deletedAt', { deletedAt: now, updatedBy: by, updatedAt: now }),

    // Read marks of a notice: dropped when it is deleted or moves to another recipient.
    dropReads: async (id: number, tx: Conn = db): Promise<void> => {
      await tx.deleteFrom('messageRead').where('tab', '=', 'notice').where('itemId', '=', id).execute();
    },

    async readCount(id: number): Promise<number> {
      const r = await db
        .selectFrom('messageRead')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('tab', '=', 'notice')
        .where('itemId', '=', id)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}
export type NoticeBoardRepository = ReturnType<typeof createNoticeBoardRepository>;
