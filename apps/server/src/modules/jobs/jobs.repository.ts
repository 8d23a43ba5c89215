import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, JobTable } from '../../db/schema.js';
import type { Conn } from '../../db/conn.js';
import type { Db, Dialect } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { countAll, referencedNames } from '../../db/sql-helpers.js';
import { compileOnce, idList, idsValue } from '../../db/compiled.js';
import { fitFileName } from '../../lib/snippet.js';
import { runInTransaction } from '../../db/transaction.js';

export type JobRow = Row<'job'>;
export type JobStatus = JobTable['status'];
// The first key of the PostgreSQL advisory locks that serialise one member's new jobs (the second is the member).
const ENQUEUE_LOCK = 7900;
// job.file_name's size.
const FILE_NAME_MAX = 120;

// Queued jobs, and running jobs whose lease ran out (their worker died or stalled).
const isDue = (eb: ExpressionBuilder<Database, 'job'>, now: number) =>
  eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('claimedUntil', '<=', now)])]);

export function createJobRepository(db: Db, dialect: Dialect) {
  // Jobs by id, the ids as one parameter (compiled once, issue 43).
  const jobsOf = compileOnce(db, ['ids'], (s) => db.selectFrom('job').selectAll().where('id', 'in', idList(db, s.ids)));
  // A write only the worker that holds the job's claim may make.
  const held = (id: number, token: string) =>
    db.updateTable('job').where('id', '=', id).where('claimToken', '=', token).where('status', '=', 'running');
  return {
    // A queued job, unless the member already has `max` waiting or running (undefined then). Counted and inserted in
    // one transaction, one member's at a time on every server (an advisory lock on PostgreSQL; SQLite runs one write
    // transaction at a time), so starts in parallel cannot pass the limit together.
    async insertWithin(
      j: { kind: string; memberId: number; params: string; locale: string; now: number },
      max: number,
    ): Promise<number | undefined> {
      return runInTransaction(db, async (tx) => {
        if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${ENQUEUE_LOCK}, ${j.memberId})`.execute(tx);
        const open = await tx
          .selectFrom('job')
          .select(countAll)
          .where('memberId', '=', j.memberId)
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirstOrThrow();
        if (Number(open.n) >= max) return undefined;
        const row = await tx
          .insertInto('job')
          .values({
            kind: j.kind,
            memberId: j.memberId,
            status: 'queued',
            params: j.params,
            locale: j.locale,
            createdAt: j.now,
            updatedAt: j.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },

    byId: (id: number): Promise<JobRow | undefined> =>
      db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst(),
    byIds: async (ids: readonly number[]): Promise<JobRow[]> =>
      ids.length ? (await jobsOf({ ids: idsValue(db, ids) })).rows : [],

    // Claims the oldest due job of `kinds` in one statement (PostgreSQL skips a row another worker is claiming right
    // now; SQLite has one writer): of two workers asking at once, one gets it.
    async claim(now: number, leaseMs: number, token: string, kinds: string[]): Promise<JobRow | undefined> {
      if (!kinds.length) return undefined;
      const due = db
        .selectFrom('job')
        .select('id')
        .where('kind', 'in', kinds)
        .where((eb) => isDue(eb, now))
        .orderBy('id')
        .limit(1);
      const picked = dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
      return db
        .updateTable('job')
        .set({
          status: 'running',
          claimToken: token,
          claimedUntil: now + leaseMs,
          attempts: sql<number>`attempts + 1`,
          updatedAt: now,
        })
        .where('id', 'in', picked)
        .returningAll()
        .executeTakeFirst();
    },

    // Progress and a longer lease; false when the claim was lost (another worker took the job over).
    async progress(id: number, token: string, done: number, total: number, until: number, now: number) {
      const r = await held(id, token)
        .set({ done, total, claimedUntil: until, updatedAt: now })
        .where('claimedUntil', '>', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async finish(
      id: number,
      token: string,
      file: { storedName: string; fileName: string; size: number; done: number; total: number },
      expiresAt: number,
      now: number,
    ) {
      const r = await held(id, token)
        .set({
          status: 'done',
          storedName: file.storedName,
          // A name made from an uploaded one (an import's result) can be longer than the column (varchar(120)).
          fileName: fitFileName(file.fileName, FILE_NAME_MAX),
          fileSize: file.size,
          done: file.done,
          total: file.total,
          claimToken: null,
          claimedUntil: null,
          finishedAt: now,
          expiresAt,
          updatedAt: now,
        })
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async fail(id: number, token: string, errorCode: number, now: number) {
      const r = await held(id, token)
        .set({ status: 'failed', errorCode, claimToken: null, claimedUntil: null, finishedAt: now, updatedAt: now })
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    // Finished jobs whose file expired and is still kept: their stored names (the sweep removes the files).
    expired: (now: number, limit: number) =>
      db
        .selectFrom('job')
        .select(['id', 'storedName'])
        .where('expiresAt', '<=', now)
        .where('storedName', 'is not', null)
        .orderBy('expiresAt')
        .limit(limit)
        .execute(),

    async forgetFile(id: number, now: number) {
      await db.updateTable('job').set({ storedName: null, updatedAt: now }).where('id', '=', id).execute();
    },

    // The jobs of a kind with their parameters as given (on the caller's connection).
    ofKind: (tx: Conn, kind: string) =>
      tx
        .selectFrom('job')
        .select(['id', 'params', 'status', 'storedName'])
        .where('kind', '=', kind)
        .orderBy('id')
        .execute(),

    // These jobs' files withdrawn at once (the caller's transaction): a finished job forgets its file and expires now;
    // one waiting or running fails with `errorCode` (its worker no longer holds it, and removes what it stores).
    async withdraw(tx: Conn, ids: readonly number[], errorCode: number, now: number) {
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        await tx
          .updateTable('job')
          .set({ storedName: null, expiresAt: now, updatedAt: now })
          .where('id', 'in', chunk)
          .where('status', '=', 'done')
          .execute();
        await tx
          .updateTable('job')
          .set({ status: 'failed', errorCode, claimToken: null, claimedUntil: null, finishedAt: now, updatedAt: now })
          .where('id', 'in', chunk)
          .where('status', 'in', ['queued', 'running'])
          .execute();
      }
    },

    // Which of these stored names a job keeps (the orphan upload sweep leaves them).
    referenced: (storedNames: readonly string[]): Promise<Set<string>> =>
      referencedNames(storedNames, (chunk) =>
        db.selectFrom('job').select('storedName as name').where('storedName', 'in', chunk).execute(),
      ),
  };
}
export type JobRepository = ReturnType<typeof createJobRepository>;
