import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Conn, Tx } from '../../db/conn.js';
import { isPostgres } from '../../db/database.js';
import { type ErasureSubject, line, type PersonalDataPart } from '../../db/personal-data.js';
import { type FileStorage, isMissingFile, type SavedFile } from '../files/index.js';
import { type ErasureMatcher, erasureMatcher, scrubChanges } from './erasure-scrub.js';

// The storage the archive files are in (the files module's, local or S3): only read, write and (after the commit,
// by the erasure service) remove.
type ArchiveStorage = Pick<FileStorage, 'open' | 'saveMade'>;
type ArchivedEntry = Record<string, unknown> & { changes?: unknown; ip?: unknown; userAgent?: unknown };

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

// One archived line as the erasures leave it, each person's after the one before (the same rules as the live log,
// erasure-scrub.ts); null when it stays. `counts[i]` goes up when `matchers[i]` rewrote it.
function scrubLine(text: string, matchers: readonly ErasureMatcher[], counts: number[]): string | null {
  let row: ArchivedEntry;
  try {
    row = JSON.parse(text) as ArchivedEntry;
  } catch {
    return null;
  }
  let isChanged = false;
  for (const [i, m] of matchers.entries()) {
    const entry = {
      memberId: num(row.memberId),
      recordType: typeof row.recordType === 'string' ? row.recordType : null,
      recordId: num(row.recordId),
      recordIds: typeof row.recordIds === 'string' ? row.recordIds : null,
      changes: typeof row.changes === 'string' ? row.changes : null,
    };
    const changes = scrubChanges(entry, m);
    const isOwn = entry.memberId === m.memberId && (row.ip != null || row.userAgent != null);
    if (changes === null && !isOwn) continue;
    row = { ...row, ...(changes !== null ? { changes } : {}), ...(isOwn ? { ip: null, userAgent: null } : {}) };
    counts[i] = (counts[i] ?? 0) + 1;
    isChanged = true;
  }
  return isChanged ? JSON.stringify(row) : null;
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

// What the new file of an archive file is compressed into memory up to, while no line of it has changed (most files
// hold nothing of the people erased, and are then not written); past it the file is written as it is read.
const HOLD_BYTES = 4 * 1024 * 1024;

// One archive file, read once (decision 375): its lines scrubbed as they are read and compressed. The new file is
// saved once a line has changed; until then its bytes are held, and past `holdBytes` it is saved anyway, so a large
// file is never read twice (`isChanged` false with a file saved: a copy the caller removes). No file saved when
// nothing changed within what is held.
async function rewriteOnce(
  storage: ArchiveStorage,
  storedName: string,
  scrub: (text: string) => string | null,
  holdBytes: number,
): Promise<{ isChanged: boolean; saved: SavedFile | null }> {
  let isChanged = false;
  async function* scrubbed() {
    for await (const text of archiveLines(storage, storedName)) {
      const out = scrub(text);
      if (out !== null) isChanged = true;
      yield `${out ?? text}\n`;
    }
  }
  const gzip = createGzip();
  // A failed read ends the gzip stream with its error, so the reading below (and a save) fails too.
  const piping = pipeline(Readable.from(scrubbed()), gzip);
  piping.catch(() => undefined);
  const chunks = gzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let next: IteratorResult<Buffer> = { done: false, value: Buffer.alloc(0) };
  try {
    const held: Buffer[] = [];
    let heldBytes = 0;
    while (!(next = await chunks.next()).done) {
      held.push(next.value);
      heldBytes += next.value.length;
      if (isChanged || heldBytes > holdBytes) break;
    }
    if (next.done && !isChanged) {
      await piping;
      return { isChanged, saved: null };
    }
    async function* whole() {
      yield* held;
      while (!next.done && !(next = await chunks.next()).done) yield next.value;
    }
    const saved = await storage.saveMade(Readable.from(whole()), 'gz', 'application/gzip');
    await piping;
    return { isChanged, saved };
  } finally {
    // A save that failed part-way leaves the rest unread: the file is closed.
    if (!next.done) await chunks.return?.();
  }
}

const archives = async (tx: Conn) => tx.selectFrom('auditArchive').select(['id', 'storedName']).orderBy('id').execute();
const archiveLine = (n: number) => line('audit', 'auditArchive', 'anonymise', n, 'factOnly');

// The audit log's archive files (retention.repository.ts: entries past their period, as gzip JSON lines) hold the
// person's entries too (decision 344). Each file holding one is written anew through the storage with its entries
// scrubbed as the live log's, and its audit_archive row points to the new file in the erasure's transaction; the old
// file is removed after the commit (a failure is logged and the orphan sweep removes it), and a new file of a rolled
// back erasure is an orphan the sweep removes. The rows are locked first (PostgreSQL), so two erasures rewrite one
// file one after the other, the second from the first's file. The people the retention run erases together are
// matched in one pass: each file is read once and written at most once for all of them (decision 375).
export function createAuditArchiveErasure(
  storage: ArchiveStorage,
  opts: { holdBytes?: number } = {},
): PersonalDataPart {
  const holdBytes = opts.holdBytes ?? HOLD_BYTES;
  async function eraseTogether(tx: Tx, subjects: readonly ErasureSubject[]) {
    if (!subjects.length) return { lines: [], storedNames: [] };
    const matchers = subjects.map(erasureMatcher);
    const counts = subjects.map(() => 0);
    const now = Math.max(...subjects.map((s) => s.now));
    if (isPostgres(tx)) await tx.selectFrom('auditArchive').select('id').orderBy('id').forUpdate().execute();
    const storedNames: string[] = [];
    for (const a of await archives(tx)) {
      const { isChanged, saved } = await rewriteOnce(
        storage,
        a.storedName,
        (text) => scrubLine(text, matchers, counts),
        holdBytes,
      );
      if (!saved) continue;
      if (!isChanged) {
        // A large file written as it was read, and nothing in it changed: the copy goes, the row stays.
        storedNames.push(saved.storedName);
        continue;
      }
      await tx
        .updateTable('auditArchive')
        .set({ storedName: saved.storedName, size: saved.size, updatedAt: now })
        .where('id', '=', a.id)
        .execute();
      storedNames.push(a.storedName);
    }
    return { lines: counts.map((n) => [archiveLine(n)]), storedNames };
  }
  return {
    module: 'audit',
    async plan(conn, s) {
      const m = [erasureMatcher(s)];
      const n = [0];
      for (const a of await archives(conn))
        for await (const text of archiveLines(storage, a.storedName)) scrubLine(text, m, n);
      return [archiveLine(n[0]!)];
    },
    async erase(tx, s) {
      const done = await eraseTogether(tx, [s]);
      return { lines: done.lines[0]!, storedNames: done.storedNames };
    },
    eraseTogether,
  };
}
