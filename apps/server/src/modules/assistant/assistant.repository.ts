import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type { PageWindow, SortOrder } from '../../lib/paging.js';
import { compiledPageRows } from '../../db/page-rows.js';
import { countAll } from '../../db/sql-helpers.js';

export type ConversationRow = Row<'assistantConversation'>;
export type MessageRow = Row<'assistantMessage'>;
export type NewMessage = Omit<MessageRow, 'id'>;
export type MessageEnd = Pick<
  MessageRow,
  'content' | 'links' | 'cards' | 'answerer' | 'status' | 'errorCode' | 'updatedAt'
>;

const CONVERSATION_COLUMNS = ['id', 'memberId', 'title', 'createdAt', 'updatedAt'] as const;
const MESSAGE_COLUMNS = [
  'id',
  'conversationId',
  'memberId',
  'role',
  'content',
  'links',
  'cards',
  'answerer',
  'status',
  'errorCode',
  'createdAt',
  'updatedAt',
] as const;
// The first key of the PostgreSQL advisory locks that serialise one member's questions (the second is the member).
const QUESTION_LOCK = 7800;

// The only SQL of the assistant module. Every query names the owner (member_id): a conversation of another member
// is never read, changed or removed.
export function createAssistantRepository(db: Db, dialect: Dialect) {
  // The member's conversations in the order asked: built and compiled once per order (issue 43).
  const conversationPage = compiledPageRows(db, (order: SortOrder, s) => {
    const mine = db.selectFrom('assistantConversation').where('memberId', '=', s.memberId!);
    return {
      rows: mine.select(CONVERSATION_COLUMNS).orderBy('updatedAt', order).orderBy('id', order),
      count: mine.select(countAll),
    };
  });
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => runInTransaction(db, fn),

    // One member's questions, one at a time for the rest of the transaction, on every app server: the rate limit
    // counts and inserts without a race. SQLite runs one write transaction at a time already.
    async lockQuestions(tx: Tx, memberId: number): Promise<void> {
      if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${QUESTION_LOCK}, ${memberId})`.execute(tx);
    },

    // The member's questions since `since` (assistant_message_member_ix).
    async countQuestionsSince(tx: Conn, memberId: number, since: number): Promise<number> {
      const row = await tx
        .selectFrom('assistantMessage')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('memberId', '=', memberId)
        .where('role', '=', 'user')
        .where('createdAt', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    findConversation: (id: number, memberId: number, tx: Conn = db): Promise<ConversationRow | undefined> =>
      tx
        .selectFrom('assistantConversation')
        .select(CONVERSATION_COLUMNS)
        .where('id', '=', id)
        .where('memberId', '=', memberId)
        .executeTakeFirst(),

    // Whether the member's conversation is there, its row locked for the rest of the transaction (PostgreSQL): a
    // removal (its own or an erasure's) waits for the question's messages, or the question waits for the removal and
    // finds no conversation. SQLite runs one write transaction at a time already.
    async lockConversation(tx: Tx, id: number, memberId: number): Promise<boolean> {
      const q = tx
        .selectFrom('assistantConversation')
        .select('id')
        .where('id', '=', id)
        .where('memberId', '=', memberId);
      return (await (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst()) !== undefined;
    },

    async insertConversation(tx: Tx, memberId: number, title: string, now: number): Promise<number> {
      const row = await tx
        .insertInto('assistantConversation')
        .values({ memberId, title, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    touchConversation: (id: number, memberId: number, now: number, tx: Conn = db) =>
      tx
        .updateTable('assistantConversation')
        .set({ updatedAt: now })
        .where('id', '=', id)
        .where('memberId', '=', memberId)
        .execute(),

    async insertMessage(tx: Tx, m: NewMessage): Promise<number> {
      const row = await tx.insertInto('assistantMessage').values(m).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    // The answer's end: its text, links, cards, who answered and how it ended.
    finishMessage: (id: number, memberId: number, end: MessageEnd) =>
      db.updateTable('assistantMessage').set(end).where('id', '=', id).where('memberId', '=', memberId).execute(),

    // The last `limit` messages of a conversation before `beforeId`, newest first (assistant_message_conversation_ix).
    recent: (conversationId: number, memberId: number, beforeId: number, limit: number): Promise<MessageRow[]> =>
      db
        .selectFrom('assistantMessage')
        .select(MESSAGE_COLUMNS)
        .where('conversationId', '=', conversationId)
        .where('memberId', '=', memberId)
        .where('id', '<', beforeId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    // The member's conversations, the most recently used first (assistant_conversation_member_ix).
    page: (memberId: number, w: PageWindow): Promise<{ rows: ConversationRow[]; total: number }> =>
      conversationPage(w.order, w.order, { memberId }, w),

    // A page of a conversation's messages, the newest `size` (older than `beforeId` when given), newest first: one
    // more row than asked tells whether older ones exist (a keyset on assistant_message_conversation_ix).
    async messages(
      conversationId: number,
      memberId: number,
      page: { size: number; beforeId: number | null },
    ): Promise<{ rows: MessageRow[]; hasOlder: boolean }> {
      let q = db
        .selectFrom('assistantMessage')
        .select(MESSAGE_COLUMNS)
        .where('conversationId', '=', conversationId)
        .where('memberId', '=', memberId);
      if (page.beforeId !== null) q = q.where('id', '<', page.beforeId);
      const rows = await q
        .orderBy('id', 'desc')
        .limit(page.size + 1)
        .execute();
      return { rows: rows.slice(0, page.size), hasOlder: rows.length > page.size };
    },

    // Removes a conversation of the member with its messages; false when there is none of theirs.
    async remove(id: number, memberId: number): Promise<boolean> {
      return runInTransaction(db, async (tx) => {
        const mine = await tx
          .selectFrom('assistantConversation')
          .select('id')
          .where('id', '=', id)
          .where('memberId', '=', memberId)
          .executeTakeFirst();
        if (!mine) return false;
        await tx.deleteFrom('assistantMessage').where('conversationId', '=', id).execute();
        await tx.deleteFrom('assistantConversation').where('id', '=', id).execute();
        return true;
      });
    },
  };
}
export type AssistantRepository = ReturnType<typeof createAssistantRepository>;
