import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomId, yearMonth } from '@study-crm/shared';
import type { Config } from '../../config.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { FileSink, IncomingFile } from '../../http/multipart.js';
import type { Clock } from '../../lib/clock.js';
import { detectFileType, type DetectedType } from './file-type.js';

// Stored names are generated here only: YYYYMM/<32 random chars>.<ext>. Nothing from the client reaches a path.
const STORED_NAME_RE = /^\d{6}\/[A-Za-z0-9]{32}\.[a-z]{3,4}$/;

// An upload received to a temp file (see `receive`), not yet checked or stored.
export type Upload = IncomingFile;
// The type check reads this much of the start of the file (OOXML part names sit in the first zip entries).
const HEAD_BYTES = 64 * 1024;
const INCOMING_RE = /^[A-Za-z0-9]{32}\.part$/;

async function readHead(file: string): Promise<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await fh.read(buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}
export type SavedFile = DetectedType & { storedName: string; size: number };

// Uploaded files under DATA_DIR/uploads, for every module that keeps attachments.
export function createFileStorage(config: Config, clock: Clock) {
  const root = path.join(config.dataDir, 'uploads');
  // Temp files live beside the root, on the same file system, so the final move is a rename.
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
  const resolve = (storedName: string): string => {
    if (!STORED_NAME_RE.test(storedName)) throw notFound();
    return path.join(root, storedName);
  };
  return {
    sink,
    discard,
    // Checks the content (its first bytes) against the allow-list and moves the temp file under a generated name.
    // A refused file is removed.
    async save(upload: Upload): Promise<SavedFile> {
      const type = detectFileType(await readHead(upload.tempPath), upload.fileName);
      if (!type) {
        await discard(upload);
        throw badRequest(upload.field, 'v.fileContent', { file: path.basename(upload.fileName).slice(0, 120) });
      }
      const storedName = `${yearMonth(new Date(clock.now()))}/${randomId(32)}.${type.extension}`;
      const full = path.join(root, storedName);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      await fs.promises.rename(upload.tempPath, full);
      return { ...type, storedName, size: upload.size };
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
    resolve,
    // The stored file's path and size; not found when the name is not ours or the file is gone.
    async open(storedName: string): Promise<{ full: string; size: number }> {
      const full = resolve(storedName);
      const stat = await fs.promises.stat(full).catch(() => undefined);
      if (!stat) throw notFound();
      return { full, size: stat.size };
    },
    async remove(storedName: string): Promise<void> {
      if (STORED_NAME_RE.test(storedName)) await fs.promises.rm(path.join(root, storedName), { force: true });
    },
    // Every stored file with its last change time (for the orphan sweep).
    async list(): Promise<{ storedName: string; mtimeMs: number }[]> {
      const out: { storedName: string; mtimeMs: number }[] = [];
      const months = await fs.promises.readdir(root).catch(() => [] as string[]);
      for (const month of months) {
        const names = await fs.promises.readdir(path.join(root, month)).catch(() => [] as string[]);
        for (const name of names) {
          const storedName = `${month}/${name}`;
          if (!STORED_NAME_RE.test(storedName)) continue;
          const stat = await fs.promises.stat(path.join(root, storedName)).catch(() => null);
          if (stat?.isFile()) out.push({ storedName, mtimeMs: stat.mtimeMs });
        }
      }
      return out;
    },
  };
}
export type FileStorage = ReturnType<typeof createFileStorage>;
