import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Db, Dialect } from '../../db/database.js';
import type { Conn } from '../../db/transaction.js';
import type { ChannelName, DeliveryStatus } from './delivery.types.js';
import { pageRows } from '../../db/page-rows.js';
import { compileOnce, idList, idsValue } from '../../db/compiled.js';
import { countAll } from '../../db/sql-helpers.js';

export type OutboxRow = {
  id: number;
  channel: string;
  messageId: number;
  recipient: string;
  role: string | null;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  lastErrorCode: string | null;
  providerMessageId: string | null;
  sentAt: number | null;
  lane: string;
};

// The columns of an outbox row (the subject access export reads the same, with its times).
export const OUTBOX_COLUMNS = [
  'id',
  'channel',
  'messageId',
  'recipient',
  'role',
  'status',
  'attempts',
  'nextAttemptAt',
  'lastError',
  'lastErrorCode',
  'providerMessageId',
  'sentAt',
  'lane',
] as const;

// A recipient with its place in the message (e-mail: to, cc, bcc).
export type OutboxRecipient = { address: string; role: string | null };

// Queued rows whose time has come, and claimed rows whose lease ran out (their worker died or stalled). A `sending`
// row without a lease is a success its worker could not record (`markUnrecorded`): never due, never sent again.
const isDue = (eb: ExpressionBuilder<Database, 'deliveryOutbox'>, now: number) =>
  eb.or([
    eb.and([eb('status', '=', 'queued'), eb('nextAttemptAt', '<=', now)]),
    eb.and([eb('status', '=', 'sending'), eb('claimedUntil', '<=', now)]),
  ]);

// Rows per INSERT: 10 parameters each stays far below SQLite's 32,766 and PostgreSQL's 65,535.
const ENQUEUE_CHUNK = 1000;

export function createOutboxRepository(db: Db, dialect: Dialect) {
  // A page of messages' counts per status, the ids as one parameter (compiled once, issue 43).
  const summariesOf = compileOnce(db, ['channel', 'ids'], (s) =>
    db
      .selectFrom('deliveryMessageCount')
      .select(['messageId', 'status', 'n'])
      .where('channel', '=', s.channel)
      .where('messageId', 'in', idList(db, s.ids))
      .where('n', '>', sql.lit(0)),
  );
  return {
    // Queues one row per recipient. `tx` is the caller's transaction, so the message and its rows land together.
    // `dueAt` (default now): no worker sends a row before it (scheduled messages). `lane` (default the channel):
    // the worker's unit of concurrency, e.g. one mail server, so a slow one holds up only its own rows. Inserted in
    // chunks, as both engines cap the parameters of one statement.
    async enqueue(
      tx: Conn,
      channel: ChannelName,
      messageId: number,
      recipients: readonly (string | OutboxRecipient)[],
      now: number,
      dueAt: number = now,
      lane: string = channel,
    ) {
      for (let i = 0; i < recipients.length; i += ENQUEUE_CHUNK) {
        await tx
          .insertInto('deliveryOutbox')
          .values(
            recipients.slice(i, i + ENQUEUE_CHUNK).map((r) => ({
              channel,
              messageId,
              recipient: typeof r === 'string' ? r : r.address,
              role: typeof r === 'string' ? null : r.role,
              status: 'queued' as const,
              attempts: 0,
              nextAttemptAt: dueAt,
              lane,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .execute();
      }
    },

    // The lanes (and their channel) that hold due rows of `channels`, in lane order (the worker turns through them).
    async dueLanes(now: number, channels: ChannelName[]): Promise<{ lane: string; channel: ChannelName }[]> {
      if (!channels.length) return [];
      const rows = await db
        .selectFrom('deliveryOutbox')
        .select(['lane', 'channel'])
        .distinct()
        .where('channel', 'in', channels)
        .where((eb) => isDue(eb, now))
        .orderBy('lane')
        .execute();
      return rows.map((r) => ({ lane: r.lane, channel: r.channel as ChannelName }));
    },

    // Rows whose worker died on their last allowed attempt (lease run out, attempts used up) become `failed`
    // (LEASE_EXPIRED) rather than being claimed again: a row that brings its worker down each time is not retried
    // for ever (decision 364). One statement; a row another worker claimed meanwhile has a lease again and is left.
    async failExpired(now: number, maxAttempts: number, channels: ChannelName[]): Promise<number> {
      if (!channels.length) return 0;
      const res = await db
        .updateTable('deliveryOutbox')
        .set({
          status: 'failed',
          lastError: `no attempt finished: the lease ran out ${maxAttempts} times`,
          lastErrorCode: 'LEASE_EXPIRED',
          claimedUntil: null,
          claimToken: null,
          updatedAt: now,
        })
        .where('channel', 'in', channels)
        .where('status', '=', 'sending')
        .where('claimedUntil', '<=', now)
        .where('attempts', '>=', maxAttempts)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    // Claims up to `limit` due rows in one statement: queued rows whose time has come, and rows whose claim
    // (lease) expired because their worker died. PostgreSQL skips rows another worker is claiming right now.
    // Only rows of `channels` (those this server can send), and of `lane` when given, are claimed.
    async claim(
      now: number,
      limit: number,
      leaseMs: number,
      token: string,
      channels: ChannelName[] = ['email', 'sms'],
      lane?: string,
    ): Promise<OutboxRow[]> {
      if (!channels.length) return [];
      let due = db
        .selectFrom('deliveryOutbox')
        .select('id')
        .where('channel', 'in', channels)
        .where((eb) => isDue(eb, now));
      if (lane !== undefined) due = due.where('lane', '=', lane);
      due = due.orderBy('nextAttemptAt').orderBy('id').limit(limit);
      const picked = dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
      return db
        .updateTable('deliveryOutbox')
        .set({
          status: 'sending',
          claimedUntil: now + leaseMs,
          claimToken: token,
          attempts: sql<number>`attempts + 1`,
          updatedAt: now,
        })
        .where('id', 'in', picked)
        .returning(OUTBOX_COLUMNS)
        .execute();
    },

    // Extends the claim of rows this worker still holds; returns their ids (a row missing lost its claim: another
    // worker took it after the lease ran out, or it was recorded).
    async renew(ids: number[], token: string, until: number, now: number): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db
        .updateTable('deliveryOutbox')
        .set({ claimedUntil: until, updatedAt: now })
        .where('id', 'in', ids)
        .where('claimToken', '=', token)
        .where('status', '=', 'sending')
        .where('claimedUntil', '>', now)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    // A success is recorded whatever happened to the claim meanwhile: the message went out, never send it again.
    async markSent(id: number, providerMessageId: string | null, now: number) {
      await db
        .updateTable('deliveryOutbox')
        .set({
          status: 'sent',
          providerMessageId,
          sentAt: now,
          claimedUntil: null,
          claimToken: null,
          lastError: null,
          lastErrorCode: null,
          updatedAt: now,
        })
        .where('id', '=', id)
        .where('status', '!=', 'sent')
        .execute();
    },

    // A success whose `markSent` kept failing: the row stays `sending` but loses its lease and token, so no claim
    // takes it (`isDue`), no renewal keeps it and no late failure requeues it; its error says why. Whatever held the
    // claim meanwhile, as for `markSent` (a worker that took it over and has not sent yet finds it no longer held).
    // Status and recipient stay as they were, so the write touches neither the kept counts nor the message.
    async markUnrecorded(id: number, error: string, now: number) {
      await db
        .updateTable('deliveryOutbox')
        .set({
          claimedUntil: null,
          claimToken: null,
          lastError: `sent, but recording it failed: ${error}`.slice(0, 2000),
          lastErrorCode: 'SENT_UNRECORDED',
          updatedAt: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute();
    },

    // A failure is recorded only by the worker that still holds the claim.
    async markFailed(
      id: number,
      token: string,
      outcome: { status: 'queued' | 'failed'; nextAttemptAt: number; error: string; code: string | null },
      now: number,
    ) {
      await db
        .updateTable('deliveryOutbox')
        .set({
          status: outcome.status,
          nextAttemptAt: outcome.nextAttemptAt,
          lastError: outcome.error.slice(0, 2000),
          lastErrorCode: outcome.code,
          claimedUntil: null,
          claimToken: null,
          updatedAt: now,
        })
        .where('id', '=', id)
        .where('claimToken', '=', token)
        .where('status', '=', 'sending')
        .execute();
    },

    // Failed rows of one message back to the queue (resend); returns how many.
    async requeueFailed(channel: ChannelName, messageId: number, now: number): Promise<number> {
      const res = await db
        .updateTable('deliveryOutbox')
        .set({ status: 'queued', attempts: 0, nextAttemptAt: now, updatedAt: now })
        .where('channel', '=', channel)
        .where('messageId', '=', messageId)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    // A scheduled message's rows moved to `dueAt`, or (dueAt null) cancelled; in the caller's transaction, only
    // while every row is still queued: answers false, changing nothing, once any was claimed or sent. A claim
    // racing this one either waits for it (SQLite: one writer) or skips the rows it locked (PostgreSQL SKIP LOCKED)
    // and then finds them no longer due; the count check catches a claim that came first.
    async holdQueued(tx: Conn, channel: ChannelName, messageId: number, dueAt: number | null, now: number) {
      const mine = tx.selectFrom('deliveryOutbox').where('channel', '=', channel).where('messageId', '=', messageId);
      const all = await mine.select(countAll).executeTakeFirstOrThrow();
      const res = await tx
        .updateTable('deliveryOutbox')
        .set(dueAt === null ? { status: 'cancelled', updatedAt: now } : { nextAttemptAt: dueAt, updatedAt: now })
        .where('channel', '=', channel)
        .where('messageId', '=', messageId)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === Number(all.n) && Number(all.n) > 0;
    },

    byMessage(channel: ChannelName, messageId: number): Promise<OutboxRow[]> {
      return db
        .selectFrom('deliveryOutbox')
        .select(OUTBOX_COLUMNS)
        .where('channel', '=', channel)
        .where('messageId', '=', messageId)
        .orderBy('id')
        .execute();
    },

    // One page of a message's rows, optionally of one status, in queue order: the rows through the (channel,
    // message, status, id) index, the total from the kept counts (decision 304), neither growing with the message's
    // recipients.
    async pageByMessage(
      channel: ChannelName,
      messageId: number,
      window: { limit: number; offset: number },
      status?: DeliveryStatus | null,
    ): Promise<{ rows: OutboxRow[]; total: number }> {
      let base = db.selectFrom('deliveryOutbox').where('channel', '=', channel).where('messageId', '=', messageId);
      let counted = db
        .selectFrom('deliveryMessageCount')
        .select(sql<number | string>`coalesce(sum(n), 0)`.as('n'))
        .where('channel', '=', channel)
        .where('messageId', '=', messageId);
      if (status) {
        base = base.where('status', '=', status);
        counted = counted.where('status', '=', status);
      }
      return pageRows(db, base.select(OUTBOX_COLUMNS).orderBy('id'), counted, window);
    },
    // Per message: how many rows are in each status, as the triggers of migration 0076 keep them (a few rows a
    // message, however many recipients it has; decision 304).
    async summaries(channel: ChannelName, messageIds: number[]) {
      if (!messageIds.length) return [];
      return (await summariesOf({ channel, ids: idsValue(db, messageIds) })).rows;
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
