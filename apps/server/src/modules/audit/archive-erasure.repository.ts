import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Code } from '@study-crm/shared';
import type { Conn, Tx } from '../../db/conn.js';
import { isPostgres } from '../../db/database.js';
import { type ErasureSubject, line, type PersonalDataPart } from '../../db/personal-data.js';
import { AppError } from '../../http/errors.js';
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
  const gunzip = createGunzip();
  // A read failing part-way fails the lines (a `pipe` would leave them waiting); left early, the file is closed.
  pipeline(await file.read(), gunzip).catch(() => undefined);
  try {
    for await (const text of createInterface({ input: gunzip, crlfDelay: Infinity })) if (text) yield text;
  } finally {
    gunzip.destroy();
  }
}

// What the new file of an archive file is compressed into memory up to, while no line of it has changed (most files
// hold nothing of the people erased, and are then never written); past it the rest of the file is only read.
const HOLD_BYTES = 4 * 1024 * 1024;

// One read of an archive file, its lines scrubbed (`counts` per matcher) as they are read. `hold` bytes: the new file
// is compressed and held while no line has changed, and a change saves it from what is held on, as it is read; past
// `hold` with nothing changed what is held is dropped and the rest only read, and a change there stops the read
// (`isChangedLate`, nothing saved: the caller reads the file again). 'save': the new file is saved as it is read.
async function readArchive(
  storage: ArchiveStorage,
  storedName: string,
  matchers: readonly ErasureMatcher[],
  hold: number | 'save',
): Promise<{ saved: SavedFile | null; counts: number[]; isChangedLate: boolean }> {
  const counts = matchers.map(() => 0);
  let isChanged = false;
  let isScanning = false;
  let isChangedLate = false;
  async function* scrubbed() {
    for await (const text of archiveLines(storage, storedName)) {
      const out = scrubLine(text, matchers, counts);
      if (!isScanning) {
        if (out !== null) isChanged = true;
        yield `${out ?? text}\n`;
      } else if (out !== null) {
        isChangedLate = true;
        return;
      }
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
    if (hold !== 'save') {
      while (!(next = await chunks.next()).done) {
        // Scanning: the few lines compressed before the read stopped compressing are dropped.
        if (isScanning) continue;
        held.push(next.value);
        heldBytes += next.value.length;
        if (isChanged) break;
        if (heldBytes > hold) {
          isScanning = true;
          held.length = 0;
        }
      }
      if (next.done && !isChanged) {
        await piping;
        return { saved: null, counts, isChangedLate };
      }
    }
    async function* whole() {
      yield* held;
      while (!next.done && !(next = await chunks.next()).done) yield next.value;
    }
    const saved = await storage.saveMade(Readable.from(whole()), 'gz', 'application/gzip');
    await piping;
    return { saved, counts, isChangedLate: false };
  } finally {
    // A save that failed part-way leaves the rest unread: the file is closed.
    if (!next.done) await chunks.return?.();
  }
}

// An archive file read once and written once if a line of it changes (decision 375): small files, and files whose
// first change comes within `holdBytes` of the new file, in the one read; a larger file changing later is read a second
// time from the start to write it, and one holding nothing of the people is only read, never saved.
async function rewriteArchive(
  storage: ArchiveStorage,
  storedName: string,
  matchers: readonly ErasureMatcher[],
  holdBytes: number,
): Promise<{ saved: SavedFile | null; counts: number[] }> {
  const once = await readArchive(storage, storedName, matchers, holdBytes);
  if (!once.isChangedLate) return once;
  const again = await readArchive(storage, storedName, matchers, 'save');
  // Stored files never change: one read without the change the first found (the file gone in between) would have
  // written a file short of the archive's lines. Refused as a store failing (9005); the saved file is an orphan.
  if (!again.counts.some((n) => n > 0))
    throw AppError.causedBy(Code.STORAGE_UNAVAILABLE, new Error(`audit archive ${storedName} read differently twice`));
  return again;
}

const archives = async (tx: Conn) => tx.selectFrom('auditArchive').select(['id', 'storedName']).orderBy('id').execute();
const archiveLine = (n: number) => line('audit', 'auditArchive', 'anonymise', n, 'factOnly');

// The audit log's archive files (retention.repository.ts: entries past their period, as gzip JSON lines) hold the
// person's entries too (decision 344). Each file holding one is written anew through the storage with its entries
// scrubbed as the live log's, and its audit_archive row points to the new file in the erasure's transaction; the old
// file is removed after the commit (a failure is logged and the orphan sweep removes it), and a new file of a rolled
// back erasure is an orphan the sweep removes. The rows are locked first (PostgreSQL), so two erasures rewrite one
// file one after the other, the second from the first's file. The people the retention run erases together are
// matched in one pass: each file is read once (twice when past `holdBytes` a change turns up) and written at most once
// for all of them, and only when a line of it changes (decision 375).
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
      const done = await rewriteArchive(storage, a.storedName, matchers, holdBytes);
      if (!done.saved) continue;
      for (const [i, n] of done.counts.entries()) counts[i] = (counts[i] ?? 0) + n;
      await tx
        .updateTable('auditArchive')
        .set({ storedName: done.saved.storedName, size: done.saved.size, updatedAt: now })
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
