import fs from 'node:fs';
import path from 'node:path';
import { randomId, yearMonth } from '@study-crm/shared';
import type { Config } from '../../config.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { detectFileType, type DetectedType } from './file-type.js';

// Stored names are generated here only: YYYYMM/<32 random chars>.<ext>. Nothing from the client reaches a path.
const STORED_NAME_RE = /^\d{6}\/[A-Za-z0-9]{32}\.[a-z]{3,4}$/;

export type Upload = { buffer: Buffer; fileName: string };
export type SavedFile = DetectedType & { storedName: string; size: number };

// Uploaded files under DATA_DIR/uploads, for every module that keeps attachments.
export function createFileStorage(config: Config, clock: Clock) {
  const root = path.join(config.dataDir, 'uploads');
  const resolve = (storedName: string): string => {
    if (!STORED_NAME_RE.test(storedName)) throw notFound();
    return path.join(root, storedName);
  };
  return {
    // Checks the content against the allow-list and writes it under a generated name.
    async save(upload: Upload, field = 'file'): Promise<SavedFile> {
      const type = detectFileType(upload.buffer, upload.fileName);
      if (!type) throw badRequest(field, 'v.fileContent', { file: path.basename(upload.fileName).slice(0, 120) });
      const storedName = `${yearMonth(new Date(clock.now()))}/${randomId(32)}.${type.extension}`;
      const full = path.join(root, storedName);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      await fs.promises.writeFile(full, upload.buffer, { flag: 'wx' });
      return { ...type, storedName, size: upload.buffer.length };
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
