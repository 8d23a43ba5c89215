import type { FastifyInstance } from 'fastify';
import { IMPORT_FILE_MAX_MB, IMPORT_KINDS, importApi } from '@study-crm/shared';
import { readMultipart } from '../../http/multipart.js';
import { defineRoute } from '../../http/route.js';
import { workbookBody, type FileStorage } from '../files/index.js';
import { IMPORT_ACCESS } from './import.kinds.js';
import type { ImportService } from './import.service.js';
import { resultWorkbook } from './import.xlsx.js';

export function registerImportRoutes(
  app: FastifyInstance,
  deps: { imports: ImportService; storage: Pick<FileStorage, 'sink' | 'discard'> },
): void {
  const { imports, storage } = deps;
  const tags = ['import'];
  for (const kind of IMPORT_KINDS) {
    const api = importApi(kind);
    const access = IMPORT_ACCESS[kind];
    defineRoute(app, {
      ...api.template,
      access,
      tags,
      summary: `The ${kind} import template: headers in the caller's language, an example row, the allowed values`,
      handler: async ({ reply, locale }) => workbookBody(reply, `${kind}-import`, await imports.template(kind, locale)),
    });
    defineRoute(app, {
      ...api.check,
      multipart: {},
      access,
      audit: { action: 'import.check', record: 'importRun' },
      tags,
      summary: `Dry run of a ${kind} sheet (multipart field \`file\`, .xlsx, at most ${IMPORT_FILE_MAX_MB} MB): what would be added, changed and refused`,
      description:
        'Read off the request thread with the size and inflate limits of every .xlsx reader; a bomb, a file that is not ' +
        '.xlsx or cannot be read answers 400 naming the file; columns 7981, rows 7982, empty 7980. Writes nothing but the run.',
      okMessage: (d) => ({ key: 'importChecked', params: { add: d.toAdd, change: d.toChange, refuse: d.toRefuse } }),
      handler: async ({ req, member, locale }) => {
        const form = await readMultipart(req, {
          maxBytes: IMPORT_FILE_MAX_MB * 1024 * 1024,
          sink: storage.sink,
          required: false,
        });
        try {
          return await imports.check(kind, form.file, member!, locale);
        } finally {
          await storage.discard(form.file);
        }
      },
    });
    defineRoute(app, {
      ...api.run,
      access,
      audit: { action: 'import.run', record: 'importRun' },
      tags,
      summary: `Start writing a checked ${kind} sheet as a background job: all or nothing, or only the valid rows`,
      description:
        'All or nothing with rows the dry run refused answers 7984 at once. The job (progress: GET /api/v1/jobs/status) ' +
        'checks every row again; its file is the result sheet, also linked from the message box.',
      handler: ({ body, member, locale }) => imports.start(kind, body, member!, locale),
    });
    defineRoute(app, {
      ...api.view,
      access,
      tags,
      summary: `One ${kind} import of the caller: its counts and progress (rows written so far)`,
      handler: ({ query, member }) => imports.view(kind, query.id, member!),
    });
    defineRoute(app, {
      ...api.result,
      access,
      tags,
      summary: `The result sheet of a ${kind} import: each row's outcome and the reason of a refusal`,
      handler: async ({ query, reply, member, locale }) => {
        const { fileName, rows } = await imports.result(kind, query.id, member!, locale);
        return workbookBody(reply, fileName, resultWorkbook(kind, rows, locale));
      },
    });
  }
}
