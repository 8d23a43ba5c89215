import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Db } from '../../db/database.js';
import { withLogGuard } from '../../db/personal-data.js';
import { referencedNames } from '../../db/sql-helpers.js';
import { runInTransaction } from '../../db/transaction.js';

const PAGE = 1000;

// Issue 39's audit retention, run by the retention job (modules/retention): entries older than the cutoff are
// streamed, oldest first, as gzip JSON lines (one entry a line, every column) to a file in the files storage, kept
// by an audit_archive row; then exactly the archived entries are removed, inside the log guard (decision 166).
// A run that fails before the removal leaves the entries (and at worst an archive holding them twice).
export function createAuditRetention(db: Db) {
  return {
    async archiveBefore(
      cutoff: number,
      now: number,
      save: (stream: Readable) => Promise<{ storedName: string; size: number }>,
    ): Promise<{ entries: number; storedName: string | null }> {
      const first = await db
        .selectFrom('auditLog')
        .select('id')
        .where('createdAt', '<', cutoff)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!first) return { entries: 0, storedName: null };
      const ids: number[] = [];
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
            firstAt = Math.min(firstAt, r.createdAt);
            lastAt = Math.max(lastAt, r.createdAt);
            yield `${JSON.stringify(r)}\n`;
          }
          after = rows[rows.length - 1]!.id;
        }
      }
      const saved = await save(Readable.from(lines()).pipe(createGzip()));
      await runInTransaction(db, async (tx) => {
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
      });
      return { entries: ids.length, storedName: saved.storedName };
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
