import { sql, type JoinBuilder } from 'kysely';
import type { MessageTab } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Conn } from '../../db/transaction.js';
import { compiledPageRows } from '../../db/page-rows.js';
import { compileOnce } from '../../db/compiled.js';
import { countAll } from '../../db/sql-helpers.js';

export type BoxRow = {
  id: number;
  title: string;
  content: string | null;
  link: string | null;
  kind: string | null;
  dueAt: number | null;
  done: number;
  readAt: number | null;
  createdAt: number;
};

type Window = { limit: number; offset: number };
// Later than any due time (9999-12-31T23:59:59.999Z): an undated to-do's place in the order.
const NEVER = 253402300799999;
// A box item (`n`: a notice, message or to-do) with the member's read mark (`r`).
type ReadMarked = { n: { id: number }; r: Database['messageRead'] };

// The business record a to-do is fed by, e.g. { kind: 'followUp', id: follow_up.id }.
export type TodoSource = { kind: string; id: number };
// What that record says its to-do should be.
export type SourceTodo = {
  memberId: number;
  kind: string;
  title: string;
  link: string | null;
  dueAt: number | null;
  done: 0 | 1;
};

// Only file of the message box that touches SQL. Every query is scoped to one member.
export function createInboxRepository(db: Db) {
  // The member's read mark of a box item `n`, joined as `r` (no mark: unread). Typed on what it reads, so the three
  // tabs' tables share it.
  const readMark = (memberId: number, tab: MessageTab) => (j: JoinBuilder<ReadMarked, 'n' | 'r'>) =>
    j.onRef('r.itemId', '=', 'n.id').on('r.memberId', '=', memberId).on('r.tab', '=', sql.lit(tab));

  // Each tab as one query with the member's read state joined in; `unreadOnly` narrows to unread items.
  // A notice shows from its publish time until its expiry (issue 17); recipient 0 is every member.
  const notices = (memberId: number, now: number, unreadOnly = false) =>
    db
      .selectFrom('memberNotice as n')
      .leftJoin('messageRead as r', readMark(memberId, 'notice'))
      .where('n.memberId', 'in', [memberId, sql.lit(0)])
      .where('n.deletedAt', 'is', null)
      .where('n.publishAt', '<=', now)
      .where((eb) => eb.or([eb('n.expiresAt', 'is', null), eb('n.expiresAt', '>', now)]))
      .$if(unreadOnly, (q) => q.where('r.itemId', 'is', null));
  const messages = (memberId: number, unreadOnly = false) =>
    db
      .selectFrom('systemMessage as n')
      .leftJoin('messageRead as r', readMark(memberId, 'message'))
      .where('n.memberId', '=', memberId)
      .$if(unreadOnly, (q) => q.where('r.itemId', 'is', null));
  // An open to-do stays in the list; a done one no longer counts as unread.
  const todos = (memberId: number, unreadOnly = false) =>
    db
      .selectFrom('memberTodo as n')
      .leftJoin('messageRead as r', readMark(memberId, 'todo'))
      .where('n.memberId', '=', memberId)
      .$if(unreadOnly, (q) => q.where('r.itemId', 'is', null).where('n.done', '=', sql.lit(0)));

  // Built and compiled once (issue 43), from the slots `memberId` and `now`: the unread items of the three tabs,
  // counted in one statement, and each tab's page.
  const unread = compileOnce(db, ['memberId', 'now'], (s) =>
    db.selectNoFrom([
      messages(s.memberId, true).select(countAll).as('message'),
      notices(s.memberId, s.now, true).select(countAll).as('notice'),
      todos(s.memberId, true).select(countAll).as('todo'),
    ]),
  );
  // A notice's time in the box is its publish time; open to-dos come first, then by due time (earliest first, undated
  // ones after the dated on both engines: SQLite sorts NULL first, PostgreSQL last), then newest. The member's to-dos
  // are read through member_todo_member_ix and sorted; no index holds this order.
  const noticePage = compiledPageRows(db, (_: null, s) => ({
    rows: notices(s.memberId!, s.now!)
      .select(['n.id', 'n.title', 'n.content', 'n.publishAt as createdAt', 'r.readAt'])
      .orderBy('n.publishAt', 'desc')
      .orderBy('n.id', 'desc'),
    count: notices(s.memberId!, s.now!).select(countAll),
  }));
  const messagePage = compiledPageRows(db, (_: null, s) => ({
    rows: messages(s.memberId!)
      .select(['n.id', 'n.title', 'n.content', 'n.link', 'n.createdAt', 'r.readAt'])
      .orderBy('n.createdAt', 'desc')
      .orderBy('n.id', 'desc'),
    count: messages(s.memberId!).select(countAll),
  }));
  const todoPage = compiledPageRows(db, (_: null, s) => ({
    rows: todos(s.memberId!)
      .select(['n.id', 'n.title', 'n.kind', 'n.link', 'n.dueAt', 'n.done', 'n.createdAt', 'r.readAt'])
      .orderBy('n.done', 'asc')
      .orderBy(sql`coalesce(n.due_at, ${sql.lit(NEVER)})`, 'asc')
      .orderBy('n.id', 'desc'),
    count: todos(s.memberId!).select(countAll),
  }));

  return {
    async unreadCounts(memberId: number, now: number): Promise<Record<MessageTab, number>> {
      const counts = (await unread({ memberId, now })).rows[0];
      return {
        message: Number(counts?.message ?? 0),
        notice: Number(counts?.notice ?? 0),
        todo: Number(counts?.todo ?? 0),
      };
    },

    async page(memberId: number, tab: MessageTab, w: Window, now: number): Promise<{ rows: BoxRow[]; total: number }> {
      if (tab === 'notice') {
        const { rows, total } = await noticePage('', null, { memberId, now }, w);
        return { rows: rows.map((r) => Object.assign(r, { link: null, kind: null, dueAt: null, done: 0 })), total };
      }
      if (tab === 'message') {
        const { rows, total } = await messagePage('', null, { memberId }, w);
        return { rows: rows.map((r) => Object.assign(r, { kind: null, dueAt: null, done: 0 })), total };
      }
      const { rows, total } = await todoPage('', null, { memberId }, w);
      return { rows: rows.map((r) => Object.assign(r, { content: null })), total };
    },

    // Whether the item exists and is addressed to the member.
    async visible(memberId: number, tab: MessageTab, id: number, now: number): Promise<boolean> {
      const q = tab === 'notice' ? notices(memberId, now) : tab === 'message' ? messages(memberId) : todos(memberId);
      const row = await q.select('n.id').where('n.id', '=', id).executeTakeFirst();
      return Boolean(row);
    },

    async markRead(memberId: number, tab: MessageTab, id: number, now: number): Promise<void> {
      await db
        .insertInto('messageRead')
        .values({ memberId, tab, itemId: id, readAt: now })
        .onConflict((oc) => oc.columns(['memberId', 'tab', 'itemId']).doNothing())
        .execute();
    },

    // Marks every unread item of the tab in one statement.
    async markAllRead(memberId: number, tab: MessageTab, now: number): Promise<number> {
      const source =
        tab === 'notice'
          ? notices(memberId, now, true)
          : tab === 'message'
            ? messages(memberId, true)
            : todos(memberId, true);
      const result = await db
        .insertInto('messageRead')
        .columns(['memberId', 'tab', 'itemId', 'readAt'])
        .expression(
          source.select((eb) => [
            eb.val(memberId).as('memberId'),
            eb.val(tab).as('tab'),
            'n.id as itemId',
            eb.val(now).as('readAt'),
          ]),
        )
        .onConflict((oc) => oc.columns(['memberId', 'tab', 'itemId']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    // Writers used by other modules (notice management, payments, follow-ups) and by tests.
    async addNotice(row: {
      memberId: number;
      title: string;
      content: string | null;
      createdBy: number | null;
      now: number;
    }) {
      const r = await db
        .insertInto('memberNotice')
        .values({
          memberId: row.memberId,
          title: row.title,
          content: row.content,
          createdBy: row.createdBy,
          publishAt: row.now,
          createdAt: row.now,
          updatedAt: row.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    async addMessage(
      row: {
        memberId: number;
        title: string;
        content: string | null;
        link: string | null;
        now: number;
      },
      tx: Conn = db,
    ) {
      const r = await tx
        .insertInto('systemMessage')
        .values({
          memberId: row.memberId,
          title: row.title,
          content: row.content,
          link: row.link,
          createdAt: row.now,
          updatedAt: row.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    async addTodo(row: {
      memberId: number;
      kind: string;
      title: string;
      link: string | null;
      dueAt: number | null;
      source?: TodoSource | undefined;
      now: number;
    }) {
      const r = await db
        .insertInto('memberTodo')
        .values({
          memberId: row.memberId,
          kind: row.kind,
          title: row.title,
          link: row.link,
          dueAt: row.dueAt,
          done: 0,
          sourceKind: row.source?.kind ?? null,
          sourceId: row.source?.id ?? null,
          createdAt: row.now,
          updatedAt: row.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    async setTodoDone(id: number, done: 0 | 1, now: number) {
      await db.updateTable('memberTodo').set({ done, updatedAt: now }).where('id', '=', id).execute();
    },

    /**
     * Makes the to-do fed by a business record match it (`tx`: the record's own transaction).
     * `want` null = the record should have no to-do (e.g. no assignee).
     * No to-do yet and the record is already done: nothing is created.
     */
    async syncSourceTodo(source: TodoSource, want: SourceTodo | null, now: number, tx: Conn = db): Promise<void> {
      const current = await tx
        .selectFrom('memberTodo')
        .select(['id', 'memberId', 'done'])
        .where('sourceKind', '=', source.kind)
        .where('sourceId', '=', source.id)
        .executeTakeFirst();
      const dropReads = (id: number) =>
        tx.deleteFrom('messageRead').where('tab', '=', 'todo').where('itemId', '=', id).execute();
      if (!current) {
        if (!want || want.done) return;
        await tx
          .insertInto('memberTodo')
          .values({
            ...want,
            done: 0,
            sourceKind: source.kind,
            sourceId: source.id,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
        return;
      }
      if (!want) {
        await dropReads(current.id);
        await tx.deleteFrom('memberTodo').where('id', '=', current.id).execute();
        return;
      }
      // A to-do that moves to someone else or is reopened counts as unread again.
      if (current.memberId !== want.memberId || (current.done && !want.done)) await dropReads(current.id);
      await tx
        .updateTable('memberTodo')
        .set({ ...want, updatedAt: now })
        .where('id', '=', current.id)
        .execute();
    },
  };
}
export type InboxRepository = ReturnType<typeof createInboxRepository>;
