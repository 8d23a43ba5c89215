import { sql } from 'kysely';
import type { NoticeSortField, NoticeState } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { containsPattern, countAll, likeLower, updateWhileNull } from '../../db/sql-helpers.js';
import { versionedRows } from '../../db/versioned-rows.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type { PageWindow, SortOrder } from '../../lib/paging.js';
import { compiledPageRows, givenValues } from '../../db/page-rows.js';
import type { Slots } from '../../db/compiled.js';

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
  'version',
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

type NoticeShape = { state: NoticeState | null; sort: NoticeSortField; order: SortOrder };

export function createNoticeBoardRepository(db: Db) {
  const rows = versionedRows(db, 'memberNotice', { softDeleted: true });
  // The list's filter from its slots (givenValues; `keyword` a contains-pattern of the title) and the shape's state,
  // at the instant `now`.
  function filtered(state: NoticeState | null, s: Slots<string>) {
    let q = db.selectFrom('memberNotice').where('deletedAt', 'is', null);
    if (s.keyword) q = q.where(likeLower('title', s.keyword));
    if (s.recipientId) q = q.where('memberId', '=', s.recipientId);
    if (state === 'scheduled') q = q.where('publishAt', '>', s.now!);
    if (state === 'published')
      q = q
        .where('publishAt', '<=', s.now!)
        .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', s.now!)]));
    if (state === 'expired') q = q.where('expiresAt', 'is not', null).where('expiresAt', '<=', s.now!);
    return q;
  }
  // Each shape (the filters given, the state, the order) built and compiled once (issue 43).
  const noticePage = compiledPageRows(db, ({ state, sort, order }: NoticeShape, s) => {
    const base = filtered(state, s);
    const ordered =
      sort === 'expiresAt'
        ? base.orderBy(sql`coalesce(expires_at, ${sql.lit(NEVER)})`, order)
        : sort === 'title'
          ? base.orderBy(sql`lower(title)`, order)
          : base.orderBy(sort, order);
    return { rows: ordered.select(NOTICE_COLUMNS).orderBy('id', order), count: base.select(countAll) };
  });
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => runInTransaction(db, fn),

    async page(
      f: NoticeFilter,
      sort: NoticeSortField,
      w: PageWindow,
      now: number,
    ): Promise<{ rows: NoticeRow[]; total: number }> {
      const state = f.state ?? null;
      const { key, values } = givenValues({
        keyword: f.keyword ? containsPattern(f.keyword) : null,
        recipientId: f.recipientId,
        now: state ? now : null,
      });
      const page = await noticePage(`${key}:${state}:${sort}:${w.order}`, { state, sort, order: w.order }, values, w);
      return { rows: page.rows as NoticeRow[], total: page.total };
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

    // Conditional on the notice still existing at `version` (its version goes up by one): false when it was deleted
    // or saved by someone else meanwhile.
    update: (id: number, v: NoticeValues, version: number, by: number, now: number, tx: Conn = db) =>
      rows.update(id, { ...v, updatedBy: by, updatedAt: now }, version, tx),

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
