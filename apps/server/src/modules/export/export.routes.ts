import type { FastifyInstance } from 'fastify';
import { exportApi } from '@study-crm/shared';
import { caller } from '../../http/context.js';
import { defineRoute } from '../../http/route.js';
import { workbookBody } from '../files/index.js';
import type { ExportService } from './export.service.js';

const tags = ['export'];

export function registerExportRoutes(app: FastifyInstance, exports: ExportService): void {
  defineRoute(app, {
    ...exportApi.start,
    access: 'signedIn',
    audit: { action: 'export.start' },
    tags,
    summary: 'Starts the export of a list screen with its current filters and sort',
    description:
      "The list's own permission is required (403) and its own query reads the rows, so the caller sees in the " +
      'file what the list shows them. Up to EXPORT_DIRECT_MAX_ROWS rows: jobId null, fetch GET /api/v1/export/file ' +
      'with the same fields; more: a background job (GET /api/v1/jobs/status), whose file arrives as a link in the ' +
      "caller's message box. 7973 when three of the caller's jobs are waiting; 7974 for a list that cannot be exported.",
    handler: ({ body, member, locale }) => exports.start(body, caller(member), locale),
  });

  defineRoute(app, {
    ...exportApi.file,
    access: 'signedIn',
    audit: { action: 'export.download' },
    tags,
    summary: 'The .xlsx of a list screen with its current filters and sort, streamed (direct exports only)',
    description:
      'Headings and labels in the language asked (or the caller’s); dates as dates, money in its currency; cells ' +
      'that would start a formula (= + - @) are kept as text. 7971 above EXPORT_DIRECT_MAX_ROWS rows (start a job).',
    handler: async ({ query, member, locale, reply }) => {
      const { stream, fileName } = await exports.file(query, caller(member), locale);
      return workbookBody(reply, fileName.replace(/\.xlsx$/, ''), stream);
    },
  });
}
