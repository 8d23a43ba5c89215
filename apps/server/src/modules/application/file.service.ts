import fs from 'node:fs';
import path from 'node:path';
import {
  APPLICATION_DICT,
  FILE_DEFAULT_TYPE,
  randomId,
  yearMonth,
  type FileRecord,
  type Page,
} from '@study-crm/shared';
import type { Config } from '../../config.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { DictRepository } from '../dict/dict.repository.js';
import { assertDictValues } from '../dict/dict.service.js';
import type { ApplicationRepository } from './application.repository.js';
import { detectFileType, type DetectedType } from './file-type.js';
import type { FileRepository } from './file.repository.js';
import type { PeopleRepository } from './people.repository.js';

// Stored names are generated here only: YYYYMM/<32 random chars>.<ext>. Nothing from the client reaches a path.
const STORED_NAME_RE = /^\d{6}\/[A-Za-z0-9]{32}\.[a-z]{3,4}$/;
export const DOWNLOAD_PATH = '/api/v1/mc/applicationRecord/downloadFile';

export type Upload = { buffer: Buffer; fileName: string };

export function createFileStorage(config: Config, clock: Clock) {
  const root = path.join(config.dataDir, 'uploads');
  return {
    // Checks the content against the allow-list and writes it under a generated name.
    async save(upload: Upload, field = 'file'): Promise<DetectedType & { storedName: string; size: number }> {
      const type = detectFileType(upload.buffer, upload.fileName);
      if (!type) throw badRequest(field, 'v.fileContent', { file: path.basename(upload.fileName).slice(0, 120) });
      const storedName = `${yearMonth(new Date(clock.now()))}/${randomId(32)}.${type.extension}`;
      const full = path.join(root, storedName);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      await fs.promises.writeFile(full, upload.buffer, { flag: 'wx' });
      return { ...type, storedName, size: upload.buffer.length };
    },
    resolve(storedName: string): string {
      if (!STORED_NAME_RE.test(storedName)) throw notFound();
      return path.join(root, storedName);
    },
    async remove(storedName: string): Promise<void> {
      if (STORED_NAME_RE.test(storedName)) await fs.promises.rm(path.join(root, storedName), { force: true });
    },
  };
}
export type FileStorage = ReturnType<typeof createFileStorage>;

export type FileServiceDeps = {
  files: FileRepository;
  applications: ApplicationRepository;
  people: PeopleRepository;
  storage: FileStorage;
  dict: Pick<DictRepository, 'enabledValues'>;
  clock: Clock;
};

const baseName = (name: string) => {
  const b = name.split(/[\\/]/).pop() ?? '';
  return b.includes('.') ? b.slice(0, b.lastIndexOf('.')) : b;
};

export function createFileService({ files, applications, people, storage, dict, clock }: FileServiceDeps) {
  // The file type is an enabled entry of the file_type dictionary.
  const checkType = (type: string | null | undefined) =>
    assertDictValues(dict, [{ field: 'type', type: APPLICATION_DICT.fileType, value: type }]);

  async function toRecords(rows: Awaited<ReturnType<FileRepository['page']>>['rows']): Promise<FileRecord[]> {
    const names = await people.names(rows.map((r) => r.uploaderId));
    return rows.map((r) => ({
      id: r.id,
      applicationId: r.applicationId,
      title: r.title,
      type: r.type,
      extension: r.extension,
      mime: r.mime,
      size: r.size,
      displayPath: r.displayPath,
      uploadedAt: r.uploadedAt,
      uploader: r.uploaderId ? (names.get(r.uploaderId) ?? null) : null,
    }));
  }

  return {
    async list(applicationId: number, pageNum: number, pageSize: number): Promise<Page<FileRecord>> {
      if (!(await applications.find(applicationId))) throw notFound();
      const { rows, total } = await files.page(applicationId, pageSize, (pageNum - 1) * pageSize);
      return { list: await toRecords(rows), total, pageNum, pageSize };
    },

    async upload(
      input: { applicationId: number; title?: string | null | undefined; type?: string | null | undefined },
      upload: Upload,
      uploaderId: number,
    ): Promise<FileRecord> {
      if (!(await applications.find(input.applicationId))) throw notFound();
      await checkType(input.type);
      const saved = await storage.save(upload);
      const now = clock.now();
      try {
        const id = await files.insert(
          {
            applicationId: input.applicationId,
            title: (input.title ?? baseName(upload.fileName).slice(0, 200)) || saved.storedName,
            type: input.type ?? FILE_DEFAULT_TYPE,
            storedName: saved.storedName,
            extension: saved.extension,
            mime: saved.mime,
            size: saved.size,
            uploaderId,
            uploadedAt: now,
          },
          (fileId) => `${DOWNLOAD_PATH}?id=${fileId}`,
          now,
        );
        const row = await files.find(id);
        return (await toRecords(row ? [row] : []))[0] as FileRecord;
      } catch (err) {
        // No orphan file when the record could not be written.
        await storage.remove(saved.storedName);
        throw err;
      }
    },

    async update(input: { id: number; title: string; type: string }): Promise<FileRecord> {
      const row = await files.find(input.id);
      if (!row) throw notFound();
      await checkType(input.type);
      await files.update(input.id, { title: input.title, type: input.type }, clock.now());
      return (await toRecords([{ ...row, title: input.title, type: input.type }]))[0] as FileRecord;
    },

    async remove(id: number): Promise<void> {
      const row = await files.find(id);
      if (!row) throw notFound();
      await files.remove(id);
      await storage.remove(row.storedName);
    },

    async open(id: number) {
      const row = await files.find(id);
      if (!row) throw notFound();
      const full = storage.resolve(row.storedName);
      const stat = await fs.promises.stat(full).catch(() => undefined);
      if (!stat) throw notFound();
      return { row, full, size: stat.size };
    },
  };
}
export type FileService = ReturnType<typeof createFileService>;
