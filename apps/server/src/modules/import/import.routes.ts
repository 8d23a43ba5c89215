import type { FastifyInstance } from 'fastify';
import { IMPORT_FILE_MAX_MB, IMPORT_KINDS, importApi, PERM, XLSX_MIME, type ImportKind } from '@study-crm/shared';
import type { Access } from '../../http/access.js';
import { readMultipart } from '../../http/multipart.js';
import { defineRoute } from '../../http/route.js';
import { contentDisposition, type FileStorage } from '../files/index.js';
import type { ImportService } from './import.service.js';
import { resultWorkbook } from './import.xlsx.js';

// Each kind's import is reached with that list's add permission (a row that changes a record also needs the
// update permission, checked per row).
const ACCESS: Record<ImportKind, Access> = {
  application: PERM.applicationAdd,
  member: PERM.memberAdd,
  account: PERM.userAdd,
  dict: PERM.dictAdd,
  tag: PERM.tagAdd,
};

export function registerImportRoutes(
  app: FastifyInstance,
  deps: { imports: ImportService; storage: Pick<FileStorage, 'sink' | 'discard'> },
): void {
  const { imports, storage } = deps;
  const tags = ['import'];
  for (const kind of IMPORT_KINDS) {
    const api = importApi(kind);
    const access = ACCESS[kind];
    defineRoute(app, {
      ...api.template,
      access,
      tags,
      summary: `The ${kind} import template: headers in the caller's language, an example row, the allowed values`,
      handler: async ({ reply, locale }) => {
        const body = await imports.template(kind, locale);
        await reply
          .header('content-type', XLSX_MIME)
          .header('content-disposition', contentDisposition(`${kind}-import`, 'xlsx', false))
          .header('cache-control', 'no-store')
          .send(body);
      },
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
      summary: `Write a checked ${kind} sheet: all or nothing (7984 when rows are refused), or only the valid rows`,
      okMessage: (d) => ({ key: 'importDone', params: { added: d.added, changed: d.changed, refused: d.refused } }),
      handler: ({ body, member, locale }) => imports.run(kind, body, member!, locale),
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
        await reply
          .header('content-type', XLSX_MIME)
          .header('content-disposition', contentDisposition(fileName, 'xlsx', false))
          .header('cache-control', 'no-store')
          .send(resultWorkbook(kind, rows, locale));
      },
    });
  }
}
