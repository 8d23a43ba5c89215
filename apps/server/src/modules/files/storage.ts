import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Code, randomId, yearMonth } from '@study-crm/shared';
import type { Config } from '../../config.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { FileSink, IncomingFile } from '../../http/multipart.js';
import type { Clock } from '../../lib/clock.js';
import { detectFileType, type DetectedType } from './file-type.js';
import type { ObjectStore, StoredFile } from './object-store.js';
import { s3ObjectStore } from './s3-store.js';

// Stored names are generated here only: YYYYMM/<32 random chars>.<ext>. Nothing from the client reaches a path.
const STORED_NAME_RE = /^\d{6}\/[A-Za-z0-9]{32}\.[a-z]{2,4}$/;

// An upload received to a temp file (see `receive`), not yet checked or stored.
export type Upload = IncomingFile;
// The type check reads this much of the start of the file (OOXML part names sit in the first zip entries).
const HEAD_BYTES = 64 * 1024;
const INCOMING_RE = /^[A-Za-z0-9]{32}\.part$/;

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}
export type SavedFile = DetectedType & { storedName: string; size: number };

// A store that cannot be reached or read (S3 down, a disk error) answers 9005 with the cause kept for the log, so a
// caller tells it from a file that is not there (404): a route refuses and rolls back, a job tries again later, and
// nothing takes an outage for a missing file (decision 354).
async function reach<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw err instanceof AppError ? err : AppError.causedBy(Code.STORAGE_UNAVAILABLE, err);
  }
}
// Whether an error of `open` or `read` says the file is not there (not: the store could not be reached).
export const isMissingFile = (err: unknown): boolean => err instanceof AppError && err.code === Code.NOT_FOUND;

// Not there (the file or a folder on its path): undefined; any other failure (EACCES, EIO, a dropped network mount) is
// the store's, thrown on to answer 9005 (decision 354).
const whenMissing = (err: unknown): undefined => {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
  throw err;
};

// The local driver: DATA_DIR/uploads on this server's disk (one server).
export function localObjectStore(root: string): ObjectStore {
  const full = (storedName: string) => path.join(root, storedName);
  return {
    async put(storedName, tempPath) {
      await fs.promises.mkdir(path.dirname(full(storedName)), { recursive: true });
      await fs.promises.rename(tempPath, full(storedName));
    },
    async get(storedName) {
      const stat = await fs.promises.stat(full(storedName)).catch(whenMissing);
      if (!stat?.isFile()) return undefined;
      return { size: stat.size, read: async () => fs.createReadStream(full(storedName)) };
    },
    async head(storedName, bytes) {
      return readHead(full(storedName), bytes).catch(whenMissing);
    },
    async remove(storedName) {
      await fs.promises.rm(full(storedName), { force: true });
    },
    async list() {
      const out: { storedName: string; mtimeMs: number }[] = [];
      const months = await fs.promises.readdir(root).catch(() => [] as string[]);
      for (const month of months) {
        const names = await fs.promises.readdir(path.join(root, month)).catch(() => [] as string[]);
        for (const name of names) {
          const storedName = `${month}/${name}`;
          if (!STORED_NAME_RE.test(storedName)) continue;
          const stat = await fs.promises.stat(full(storedName)).catch(() => null);
          if (stat?.isFile()) out.push({ storedName, mtimeMs: stat.mtimeMs });
        }
      }
      return out;
    },
  };
}

// Uploaded files, for every module that keeps attachments: received to a temp file on this server, checked by
// content, then stored by the configured driver (STORAGE_DRIVER: local or s3).
export function createFileStorage(config: Config, clock: Clock, store?: ObjectStore) {
  const objects =
    store ??
    (config.storage.driver === 's3'
      ? s3ObjectStore(config.storage)
      : localObjectStore(path.join(config.dataDir, 'uploads')));
  // Temp files live under DATA_DIR, on the same file system as the local driver's root, so its move is a rename.
  const incoming = path.join(config.dataDir, 'uploads-incoming');
  const discard = async (file: IncomingFile | undefined) => {
    if (file && INCOMING_RE.test(path.basename(file.tempPath)) && path.dirname(file.tempPath) === incoming) {
      await fs.promises.rm(file.tempPath, { force: true });
    }
  };
  const sink: FileSink = {
    // Streams one part to a temp file; a failed write leaves nothing behind. The caller checks `truncated`.
    async receive(stream: Readable, fileName: string, field: string): Promise<IncomingFile> {
      await fs.promises.mkdir(incoming, { recursive: true });
      const tempPath = path.join(incoming, `${randomId(32)}.part`);
      let size = 0;
      stream.on('data', (chunk: Buffer) => (size += chunk.length));
      try {
        await pipeline(stream, fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
      } catch (err) {
        await fs.promises.rm(tempPath, { force: true });
        throw err;
      }
      return { tempPath, size, fileName, field };
    },
    discard,
  };
  const ours = (storedName: string) => {
    if (!STORED_NAME_RE.test(storedName)) throw notFound();
    return storedName;
  };
  const open = async (storedName: string): Promise<StoredFile> => {
    const name = ours(storedName);
    const file = await reach(() => objects.get(name));
    if (!file) throw notFound();
    return { size: file.size, read: () => reach(file.read) };
  };
  return {
    sink,
    discard,
    // Checks the content (its first bytes) against the allow-list and stores it under a generated name.
    // A refused file is removed.
    async save(upload: Upload): Promise<SavedFile> {
      const type = detectFileType(await readHead(upload.tempPath, HEAD_BYTES), upload.fileName);
      if (!type) {
        await discard(upload);
        throw badRequest(upload.field, 'v.fileContent', { file: path.basename(upload.fileName).slice(0, 120) });
      }
      const storedName = `${yearMonth(new Date(clock.now()))}/${randomId(32)}.${type.extension}`;
      try {
        await reach(() => objects.put(storedName, upload.tempPath, upload.size, type.mime));
      } finally {
        await discard(upload);
      }
      return { ...type, storedName, size: upload.size };
    },
    // A file the server made itself (a job's workbook, a subject access archive, an archive of audit entries), streamed
    // to a temp file and stored under a generated name with the type given: nothing in it came from a client as a
    // file, so no allow-list check (a streamed workbook names [Content_Types].xml near its end, past the check's head).
    async saveMade(stream: Readable, extension: 'xlsx' | 'zip' | 'gz', mime: string): Promise<SavedFile> {
      const made = await sink.receive(stream, `made.${extension}`, 'file');
      const storedName = `${yearMonth(new Date(clock.now()))}/${randomId(32)}.${extension}`;
      try {
        await reach(() => objects.put(storedName, made.tempPath, made.size, mime));
      } finally {
        await discard(made);
      }
      return { extension, mime, storedName, size: made.size };
    },
    // Temp files older than `cutoff` (left by a crash while streaming), removed by the orphan sweep.
    async sweepIncoming(cutoff: number): Promise<number> {
      const names = await fs.promises.readdir(incoming).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names.filter((n) => INCOMING_RE.test(n))) {
        const stat = await fs.promises.stat(path.join(incoming, name)).catch(() => null);
        if (stat && stat.mtimeMs < cutoff) {
          await fs.promises.rm(path.join(incoming, name), { force: true });
          removed++;
        }
      }
      return removed;
    },
    // The stored file's size and bytes; not found when the name is not ours or the file is gone.
    open,
    // The stored file's type by its content (the allow-list's check) and its size; not found as `open`.
    async detect(storedName: string, fileName: string): Promise<{ type: DetectedType | null; size: number }> {
      const file = await open(storedName);
      const head = (await reach(() => objects.head(storedName, HEAD_BYTES))) ?? Buffer.alloc(0);
      return { type: detectFileType(head, fileName) ?? null, size: file.size };
    },
    async remove(storedName: string): Promise<void> {
      if (STORED_NAME_RE.test(storedName)) await objects.remove(storedName);
    },
    // Every stored file with its last change time (for the orphan sweep).
    list: () => objects.list(),
  };
}
export type FileStorage = ReturnType<typeof createFileStorage>;
