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
  IdParam,
  PERM,
  PersonRefSchema,
  zEmpty,
} from '@study-crm/shared';
import { readMultipart } from '../../http/multipart.js';
import { defineRoute, parseInput } from '../../http/route.js';
import type { ApplicationService } from './application.service.js';
import { sendStoredFile } from '../files/index.js';
import type { FileService } from './file.service.js';

const BASE = '/api/v1/mc/applicationRecord';
const tags = ['application'];

export function registerApplicationRoutes(
  app: FastifyInstance,
  deps: { applications: ApplicationService; files: FileService; uploadMaxBytes: number },
): void {
  const { applications, files, uploadMaxBytes } = deps;

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
    query: IdParam,
    response: ApplicationSimpleSchema,
    handler: ({ query }) => applications.simpleInfo(query.id),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/view`,
    access: PERM.applicationView,
    tags,
    summary: 'One application with every section (education, jobs, language scores, referrers, target schools)',
    query: IdParam,
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
    handler: ({ query }) => files.list(query.applicationId, query),
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
      const form = await readMultipart(req, { maxBytes: uploadMaxBytes, sink: files.sink });
      // Whatever happens below, the temp file does not outlive the request (after a save it is already moved).
      try {
        const fields = parseInput(FileUploadFieldsSchema, form.fields, 'body');
        return await files.upload(fields, form.file!, member!.id);
      } finally {
        await files.sink.discard(form.file);
      }
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
    body: IdParam,
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
    query: IdParam,
    response: 'raw',
    produces: 'application/octet-stream',
    handler: async ({ query, reply }) => {
      const { row, full, size } = await files.open(query.id);
      await sendStoredFile(reply, { full, size, title: row.title, extension: row.extension, mime: row.mime });
    },
  });
}
