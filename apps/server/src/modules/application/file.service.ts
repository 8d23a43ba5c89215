import { APPLICATION_DICT, FILE_DEFAULT_TYPE, type FileRecord, type Page } from '@study-crm/shared';
import { badRequest, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { pageResult, pageWindow, type PagingInput } from '../../lib/paging.js';
import { assertDictValues, type DictRepository } from '../dict/index.js';
import type { FileStorage, Upload } from '../files/index.js';
import type { PeopleService } from '../people/index.js';
import { toFileRecord } from './application.mapper.js';
import type { ApplicationRepository } from './application.repository.js';
import type { FileRepository } from './file.repository.js';

export const DOWNLOAD_PATH = '/api/v1/mc/applicationRecord/downloadFile';

export type FileServiceDeps = {
  files: FileRepository;
  applications: ApplicationRepository;
  people: Pick<PeopleService, 'names'>;
  storage: FileStorage;
  dict: Pick<DictRepository, 'enabledValues'>;
  // The admissions module's enabled visa stages: a file uploaded from a checklist step names one.
  stages: () => Promise<{ id: number }[]>;
  clock: Clock;
};

// The uploaded file's own name without folders and control characters (a NUL would fail on PostgreSQL).
// eslint-disable-next-line no-control-regex
const originalName = (name: string) => (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
const baseName = (name: string) => (name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name);
// A file without a title is called by its original name (without the extension when something is left).
export const defaultTitle = (fileName: string) => {
  const original = originalName(fileName);
  return (baseName(original).trim() || original || 'file').slice(0, 200);
};

export function createFileService({ files, applications, people, storage, dict, stages, clock }: FileServiceDeps) {
  // The file type is an enabled entry of the file_type dictionary.
  const checkType = (type: string | null | undefined) =>
    assertDictValues(dict, [{ field: 'type', type: APPLICATION_DICT.fileType, value: type }]);

  async function toRecords(rows: Awaited<ReturnType<FileRepository['page']>>['rows']): Promise<FileRecord[]> {
    const names = await people.names(rows.map((r) => r.uploaderId));
    return rows.map((r) => toFileRecord(r, names));
  }

  return {
    // Where the upload route streams the file part (a temp file until `upload` stores it).
    sink: storage.sink,
    async list(applicationId: number, paging: PagingInput): Promise<Page<FileRecord>> {
      if (!(await applications.find(applicationId))) throw notFound();
      const w = pageWindow(paging);
      const { rows, total } = await files.page(applicationId, w.limit, w.offset);
      return pageResult(await toRecords(rows), total, w);
    },

    async upload(
      input: {
        applicationId: number;
        title?: string | null | undefined;
        type?: string | null | undefined;
        visaStageId?: number | null | undefined;
      },
      upload: Upload,
      uploaderId: number,
    ): Promise<FileRecord> {
      if (!(await applications.find(input.applicationId))) throw notFound();
      await checkType(input.type);
      if (input.visaStageId && !(await stages()).some((s) => s.id === input.visaStageId))
        throw badRequest('visaStageId', 'v.format');
      const saved = await storage.save(upload);
      const now = clock.now();
      try {
        const id = await files.insert(
          {
            applicationId: input.applicationId,
            title: input.title ?? defaultTitle(upload.fileName),
            type: input.type ?? FILE_DEFAULT_TYPE,
            storedName: saved.storedName,
            extension: saved.extension,
            mime: saved.mime,
            size: saved.size,
            uploaderId,
            uploadedAt: now,
            visaStageId: input.visaStageId ?? null,
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
      return { row, file: await storage.open(row.storedName) };
    },
  };
}
export type FileService = ReturnType<typeof createFileService>;
