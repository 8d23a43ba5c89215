import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Conn } from '../../db/conn.js';
import { isPostgres } from '../../db/database.js';
import { type ErasureSubject, line, type PersonalDataPart } from '../../db/personal-data.js';
import { type FileStorage, isMissingFile } from '../files/index.js';
import { type ErasureMatcher, erasureMatcher, scrubChanges } from './erasure-scrub.js';

// The storage the archive files are in (the files module's, local or S3): only read, write and (after the commit,
// by the erasure service) remove.
type ArchiveStorage = Pick<FileStorage, 'open' | 'saveMade'>;
type ArchivedEntry = Record<string, unknown> & { changes?: unknown; ip?: unknown; userAgent?: unknown };

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

// One archived line as the erasure leaves it (the same rules as the live log, erasure-scrub.ts); null when it stays.
function scrubLine(text: string, m: ErasureMatcher): string | null {
  let row: ArchivedEntry;
  try {
    row = JSON.parse(text) as ArchivedEntry;
  } catch {
    return null;
  }
  const entry = {
    memberId: num(row.memberId),
    recordType: typeof row.recordType === 'string' ? row.recordType : null,
    recordId: num(row.recordId),
    recordIds: typeof row.recordIds === 'string' ? row.recordIds : null,
    changes: typeof row.changes === 'string' ? row.changes : null,
  };
  const changes = scrubChanges(entry, m);
  const isOwn = entry.memberId === m.memberId && (row.ip != null || row.userAgent != null);
  if (changes === null && !isOwn) return null;
  return JSON.stringify({
    ...row,
    ...(changes !== null ? { changes } : {}),
    ...(isOwn ? { ip: null, userAgent: null } : {}),
  });
}

// The lines of an archive file; none when the file is gone (not found: nothing of the person's is left in it). A store
// that cannot be reached refuses the erasure (9005, rolled back), never passes the file over (decision 354); the
// subject access export reads them the same way (personal-data.repository.ts).
export async function* archiveLines(storage: Pick<FileStorage, 'open'>, storedName: string): AsyncGenerator<string> {
  let file;
  try {
    file = await storage.open(storedName);
  } catch (err) {
    if (isMissingFile(err)) return;
    throw err;
  }
  const lines = createInterface({ input: (await file.read()).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const text of lines) if (text) yield text;
}

// How many entries of one archive file the erasure rewrites (a first reading: most files hold none).
async function countScrubbed(storage: ArchiveStorage, storedName: string, m: ErasureMatcher): Promise<number> {
  let n = 0;
  for await (const text of archiveLines(storage, storedName)) if (scrubLine(text, m) !== null) n++;
  return n;
}

const archives = async (tx: Conn) => tx.selectFrom('auditArchive').select(['id', 'storedName']).orderBy('id').execute();

// The audit log's archive files (retention.repository.ts: entries past their period, as gzip JSON lines) hold the
// person's entries too (decision 344). Each file holding one is written anew through the storage with its entries
// scrubbed as the live log's, and its audit_archive row points to the new file in the erasure's transaction; the old
// file is removed after the commit (a failure is logged and the orphan sweep removes it), and a new file of a rolled
// back erasure is an orphan the sweep removes. The rows are locked first (PostgreSQL), so two erasures rewrite one
// file one after the other, the second from the first's file.
export function createAuditArchiveErasure(storage: ArchiveStorage): PersonalDataPart {
  return {
    module: 'audit',
    async plan(conn, s) {
      const m = erasureMatcher(s);
      let n = 0;
      for (const a of await archives(conn)) n += await countScrubbed(storage, a.storedName, m);
      return [line('audit', 'auditArchive', 'anonymise', n, 'factOnly')];
    },
    async erase(tx, s: ErasureSubject) {
      const m = erasureMatcher(s);
      if (isPostgres(tx)) await tx.selectFrom('auditArchive').select('id').orderBy('id').forUpdate().execute();
      let scrubbed = 0;
      const replaced: string[] = [];
      for (const a of await archives(tx)) {
        const n = await countScrubbed(storage, a.storedName, m);
        if (!n) continue;
        async function* rewritten() {
          for await (const text of archiveLines(storage, a.storedName)) yield `${scrubLine(text, m) ?? text}\n`;
        }
        // A failed read ends the gzip stream with its error, so the save fails too (and the erasure with it).
        const gzip = createGzip();
        const [saved] = await Promise.all([
          storage.saveMade(gzip, 'gz', 'application/gzip'),
          pipeline(Readable.from(rewritten()), gzip),
        ]);
        await tx
          .updateTable('auditArchive')
          .set({ storedName: saved.storedName, size: saved.size, updatedAt: s.now })
          .where('id', '=', a.id)
          .execute();
        scrubbed += n;
        replaced.push(a.storedName);
      }
      return { lines: [line('audit', 'auditArchive', 'anonymise', scrubbed, 'factOnly')], storedNames: replaced };
    },
  };
}
