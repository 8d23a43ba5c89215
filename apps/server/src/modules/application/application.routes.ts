import type { FastifyInstance } from 'fastify';
import { applicationApi, FileUploadFieldsSchema, PERM } from '@study-crm/shared';
import { readMultipart } from '../../http/multipart.js';
import { defineRoute, parseInput } from '../../http/route.js';
import type { ApplicationService } from './application.service.js';
import { storedFileBody } from '../files/index.js';
import type { FileService } from './file.service.js';

const tags = ['application'];

export function registerApplicationRoutes(
  app: FastifyInstance,
  deps: { applications: ApplicationService; files: FileService; uploadMaxBytes: number },
): void {
  const { applications, files, uploadMaxBytes } = deps;

  defineRoute(app, {
    ...applicationApi.list,
    access: PERM.applicationList,
    tags,
    summary:
      "Applications, paged, searched (the search box's matching; 1-2 characters: name start), filtered and sorted in SQL",
    handler: ({ query }) => applications.list(query),
  });

  defineRoute(app, {
    ...applicationApi.staffOptions,
    access: PERM.applicationList,
    tags,
    summary: 'Active staff members, as signing / follow-up teacher options',
    handler: () => applications.staffOptions(),
  });

  defineRoute(app, {
    ...applicationApi.simpleInfo,
    access: PERM.applicationList,
    tags,
    summary: 'Header information of one application (follow-up and file screens), with the completion ratio',
    handler: ({ query }) => applications.simpleInfo(query.id),
  });

  defineRoute(app, {
    ...applicationApi.view,
    access: PERM.applicationView,
    tags,
    summary: 'One application with every section (education, jobs, language scores, referrers, target schools)',
    handler: ({ query }) => applications.view(query.id),
  });

  defineRoute(app, {
    ...applicationApi.create,
    access: PERM.applicationAdd,
    audit: { action: 'application.create', record: 'application' },
    tags,
    summary: 'Create an application (and its student member when none is given); sections are JSON-string fields',
    handler: ({ body, locale }) => applications.create(body, locale),
  });

  defineRoute(app, {
    ...applicationApi.update,
    access: PERM.applicationUpdate,
    audit: { action: 'application.update', record: 'application' },
    tags,
    summary: 'Save the whole detail form in one transaction; a stale version is refused with code 409',
    handler: ({ body, locale }) => applications.update(body, locale),
  });

  defineRoute(app, {
    ...applicationApi.updateOther,
    access: PERM.applicationUpdate,
    audit: { action: 'application.updateOther', record: 'application', rowOnly: true },
    tags,
    summary: 'Change only the important notes, status and teachers',
    handler: ({ body }) => applications.updateOther(body),
  });

  defineRoute(app, {
    ...applicationApi.fileList,
    access: PERM.fileList,
    tags,
    summary: "An application's files, newest first",
    handler: ({ query }) => files.list(query.applicationId, query),
  });

  defineRoute(app, {
    ...applicationApi.uploadFile,
    multipart: { fields: FileUploadFieldsSchema },
    access: PERM.fileUpload,
    audit: { action: 'application.uploadFile', record: 'applicationFile' },
    tags,
    summary: 'Upload a file into an application (multipart: applicationId, title?, type?, file)',
    description:
      'multipart/form-data; common parameters in the query string. Allowed by content: PDF, PNG, JPEG, GIF, ' +
      'DOC/XLS, DOCX/XLSX; at most UPLOAD_MAX_MB. A refused file answers code 400 naming the field `file`.',
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
    ...applicationApi.updateFileRecord,
    access: PERM.fileUpdate,
    audit: { action: 'application.updateFile', record: 'applicationFile' },
    tags,
    summary: 'Rename a file or change its type',
    handler: ({ body }) => files.update(body),
  });

  defineRoute(app, {
    ...applicationApi.removeFileRecord,
    access: PERM.fileRemove,
    audit: { action: 'application.removeFile', record: 'applicationFile' },
    tags,
    summary: 'Delete a file record and its stored file',
    handler: async ({ body }) => {
      await files.remove(body.id);
      return null;
    },
  });

  defineRoute(app, {
    ...applicationApi.downloadFile,
    access: PERM.fileList,
    tags,
    summary: 'Download a stored file (authenticated; the token travels in the x-token header)',
    handler: async ({ query, reply }) => {
      const { row, file } = await files.open(query.id);
      return storedFileBody(reply, { ...file, title: row.title, extension: row.extension, mime: row.mime });
    },
  });
}
