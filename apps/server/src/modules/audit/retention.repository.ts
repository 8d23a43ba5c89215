import { createHash, type Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { type Db, isPostgres } from '../../db/database.js';
import { withLogGuard } from '../../db/personal-data.js';
import { referencedNames } from '../../db/sql-helpers.js';
import { runInTransaction, type Tx } from '../../db/transaction.js';

const PAGE = 1000;
// Attempts at one run's archive before its entries are left to the next run (each attempt beaten by an erasure).
const ATTEMPTS = 3;

// What an erasure rewrites in an entry (personal-data.repository.ts: its changes, address and browser), in the
// order written: the same digest read again means no erasure scrubbed an archived entry meanwhile.
const feed = (h: Hash, r: { id: number; changes: string | null; ip: string | null; userAgent: string | null }) =>
  h.update(`${JSON.stringify([r.id, r.changes, r.ip, r.userAgent])}\n`);

// The archived entries as they are now, locked on PostgreSQL until the commit: an erasure's scrub of them then waits
// for their removal and finds the new file. One an erasure holds is passed over (never waited for: the two would
// lock in different orders), so the digest differs. SQLite runs one transaction at a time.
async function digestNow(tx: Tx, ids: readonly number[]): Promise<string> {
  const h = createHash('sha256');
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await tx
      .selectFrom('auditLog')
      .select(['id', 'changes', 'ip', 'userAgent'])
      .where('id', 'in', ids.slice(i, i + 500))
      .orderBy('id')
      .$if(isPostgres(tx), (q) => q.forUpdate().skipLocked())
      .execute();
    for (const r of rows) feed(h, r);
  }
  return h.digest('hex');
}

// Issue 39's audit retention, run by the retention job (modules/retention): entries older than the cutoff are
// streamed, oldest first, as gzip JSON lines (one entry a line, every column) to a file in the files storage, kept
// by an audit_archive row; then exactly the archived entries are removed, inside the log guard (decision 166).
// A run that fails before the removal leaves the entries (and at worst an archive holding them twice). An erasure
// that scrubbed some of them while they were streamed (its archive pass did not see this file yet) is found before
// the removal: the file is written again from the entries as they are now (decision 375).
export function createAuditRetention(db: Db) {
  // One attempt: the archive written and its entries removed, or the name of the file written from entries an
  // erasure changed meanwhile (nothing else written).
  async function archiveOnce(
    cutoff: number,
    now: number,
    save: (stream: Readable) => Promise<{ storedName: string; size: number }>,
  ): Promise<{ entries: number; storedName: string | null } | { stale: string }> {
    const first = await db
      .selectFrom('auditLog')
      .select('id')
      .where('createdAt', '<', cutoff)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!first) return { entries: 0, storedName: null };
    const ids: number[] = [];
    const read = createHash('sha256');
    let firstAt = Infinity;
    let lastAt = 0;
    async function* lines() {
      let after = 0;
      for (;;) {
        const rows = await db
          .selectFrom('auditLog')
          .selectAll()
          .where('createdAt', '<', cutoff)
          .where('id', '>', after)
          .orderBy('id')
          .limit(PAGE)
          .execute();
        if (!rows.length) return;
        for (const r of rows) {
          ids.push(r.id);
          feed(read, r);
          firstAt = Math.min(firstAt, r.createdAt);
          lastAt = Math.max(lastAt, r.createdAt);
          yield `${JSON.stringify(r)}\n`;
        }
        after = rows[rows.length - 1]!.id;
      }
    }
    const saved = await save(Readable.from(lines()).pipe(createGzip()));
    const digest = read.digest('hex');
    const isWritten = await runInTransaction(db, async (tx) => {
      if ((await digestNow(tx, ids)) !== digest) return false;
      await tx
        .insertInto('auditArchive')
        .values({
          storedName: saved.storedName,
          size: saved.size,
          entries: ids.length,
          firstAt,
          lastAt,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await withLogGuard(tx, 'retention', now, async () => {
        for (let i = 0; i < ids.length; i += 500) {
          await tx
            .deleteFrom('auditLog')
            .where('id', 'in', ids.slice(i, i + 500))
            .execute();
        }
      });
      return true;
    });
    return isWritten ? { entries: ids.length, storedName: saved.storedName } : { stale: saved.storedName };
  }

  return {
    // `remove`: the file of an attempt an erasure overtook (its entries are read and written again, at most
    // ATTEMPTS times in a run, then left to the next); one the storage fails to remove is the orphan sweep's.
    async archiveBefore(
      cutoff: number,
      now: number,
      save: (stream: Readable) => Promise<{ storedName: string; size: number }>,
      remove: (storedName: string) => Promise<void> = async () => undefined,
    ): Promise<{ entries: number; storedName: string | null }> {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const done = await archiveOnce(cutoff, now, save);
        if (!('stale' in done)) return done;
        await remove(done.stale).catch(() => undefined);
      }
      return { entries: 0, storedName: null };
    },

    // One entry for an operation no request made (the retention run): who is the system (no member).
    async record(entry: { module: string; action: string; changes: unknown; now: number; durationMs: number }) {
      await db
        .insertInto('auditLog')
        .values({
          createdAt: entry.now,
          memberId: null,
          roleId: null,
          module: entry.module,
          action: entry.action,
          route: null,
          recordType: null,
          recordId: null,
          recordIds: null,
          ip: null,
          userAgent: null,
          outcome: 'ok',
          code: 200,
          durationMs: entry.durationMs,
          requestId: null,
          changes: JSON.stringify(entry.changes),
        })
        .execute();
    },

    // Archive files among `names` (the orphan sweep keeps them).
    referenced: (names: readonly string[]): Promise<Set<string>> =>
      referencedNames(names, (chunk) =>
        db.selectFrom('auditArchive').select('storedName as name').where('storedName', 'in', chunk).execute(),
      ),
  };
}
export type AuditRetention = ReturnType<typeof createAuditRetention>;
