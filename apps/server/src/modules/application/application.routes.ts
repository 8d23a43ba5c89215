import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ApplicationCreateSchema,
  ApplicationListQuery,
  ApplicationPageSchema,
  ApplicationSavedSchema,
  ApplicationSimpleSchema,
  ApplicationUpdateOtherSchema,
  ApplicationUpdateSchema,
  ApplicationViewSchema,
  FileListQuery,
  FilePageSchema,
  FileRecordSchema,
  FileUpdateSchema,
  FileUploadFieldsSchema,
  IdQuery,
  PERM,
  PersonRefSchema,
  UploadedSchema,
  zEmpty,
} from '@study-crm/shared';
import type { Config } from '../../config.js';
import { readMultipart } from '../../http/multipart.js';
import { defineRoute, parseInput } from '../../http/route.js';
import type { ApplicationService } from './application.service.js';
import type { FileService, FileStorage } from './file.service.js';

const BASE = '/api/v1/mc/applicationRecord';
const tags = ['application'];

// RFC 6266: an ASCII fallback plus the UTF-8 name.
function contentDisposition(title: string, ext: string, inline: boolean): string {
  const name = `${title}.${ext}`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function registerApplicationRoutes(
  app: FastifyInstance,
  deps: { applications: ApplicationService; files: FileService; storage: FileStorage; config: Config },
): void {
  const { applications, files, storage, config } = deps;

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/list`,
    access: PERM.applicationList,
    tags,
    summary: 'Applications, paged, searched (name prefix / passport / e-mail), filtered and sorted in SQL',
    query: ApplicationListQuery,
    response: ApplicationPageSchema,
    handler: ({ query }) => applications.list(query),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/staffOptions`,
    access: PERM.applicationList,
    tags,
    summary: 'Active staff members, as signing / follow-up teacher options',
    response: z.array(PersonRefSchema),
    handler: () => applications.staffOptions(),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/simpleInfo`,
    access: PERM.applicationList,
    tags,
    summary: 'Header information of one application (follow-up and file screens), with the completion ratio',
    query: IdQuery,
    response: ApplicationSimpleSchema,
    handler: ({ query }) => applications.simpleInfo(query.id),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/view`,
    access: PERM.applicationView,
    tags,
    summary: 'One application with every section (education, jobs, language scores, referrers, target schools)',
    query: IdQuery,
    response: ApplicationViewSchema,
    handler: ({ query }) => applications.view(query.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/create`,
    access: PERM.applicationAdd,
    tags,
    summary: 'Create an application (and its student member when none is given); sections are JSON-string fields',
    body: ApplicationCreateSchema,
    response: ApplicationSavedSchema,
    handler: ({ body, locale }) => applications.create(body, locale),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/update`,
    access: PERM.applicationUpdate,
    tags,
    summary: 'Save the whole detail form in one transaction; a stale version is refused with code 409',
    body: ApplicationUpdateSchema,
    response: ApplicationSavedSchema,
    handler: ({ body, locale }) => applications.update(body, locale),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/updateOther`,
    access: PERM.applicationUpdate,
    tags,
    summary: 'Change only the important notes, status and teachers',
    body: ApplicationUpdateOtherSchema,
    response: ApplicationSavedSchema,
    handler: ({ body }) => applications.updateOther(body),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/fileList`,
    access: PERM.fileList,
    tags,
    summary: "An application's files, newest first",
    query: FileListQuery,
    response: FilePageSchema,
    handler: ({ query }) => files.list(query.applicationId, query.pageNum ?? 1, query.pageSize ?? 20),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/uploadFile`,
    access: PERM.fileUpload,
    tags,
    summary: 'Upload a file into an application (multipart: applicationId, title?, type?, file)',
    description:
      'multipart/form-data; common parameters in the query string. Allowed by content: PDF, PNG, JPEG, GIF, ' +
      'DOC/XLS, DOCX/XLSX; at most UPLOAD_MAX_MB. A refused file answers code 400 naming the field `file`.',
    response: FileRecordSchema,
    handler: async ({ req, member }) => {
      const form = await readMultipart(req, config.uploadMaxBytes);
      const fields = parseInput(FileUploadFieldsSchema, form.fields, 'body');
      return files.upload(fields, form.file!, member!.id);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/updateFileRecord`,
    access: PERM.fileUpdate,
    tags,
    summary: 'Rename a file or change its type',
    body: FileUpdateSchema,
    response: FileRecordSchema,
    handler: ({ body }) => files.update(body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/removeFileRecord`,
    access: PERM.fileRemove,
    tags,
    summary: 'Delete a file record and its stored file',
    body: IdQuery,
    response: zEmpty,
    handler: async ({ body }) => {
      await files.remove(body.id);
      return null;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/downloadFile`,
    access: PERM.fileList,
    tags,
    summary: 'Download a stored file (authenticated; the token travels in the x-token header)',
    query: IdQuery,
    response: 'raw',
    produces: 'application/octet-stream',
    handler: async ({ query, reply }) => {
      const { row, full, size } = await files.open(query.id);
      void reply
        .header('content-type', row.mime)
        .header('content-length', size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition(row.title, row.extension, row.mime.startsWith('image/')));
      await reply.send(fs.createReadStream(full));
    },
  });

  // The general upload used by forms (e.g. payment attachments): stores the file and returns its stored name.
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/fms/upload',
    access: PERM.fileUpload,
    tags: ['file'],
    summary: 'General upload (multipart field `file`), checked by content and stored under a generated name',
    response: UploadedSchema,
    handler: async ({ req }) => {
      const form = await readMultipart(req, config.uploadMaxBytes);
      const file = form.file!;
      const saved = await storage.save(file);
      return {
        name: saved.storedName,
        originalName: file.fileName,
        extension: saved.extension,
        mime: saved.mime,
        size: saved.size,
      };
    },
  });
}
