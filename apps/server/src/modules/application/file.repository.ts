import type { Db } from '../../db/database.js';
import { runInTransaction } from '../../db/transaction.js';
import type { Row } from '../../db/schema.js';
import { compiledPageRows } from '../../db/page-rows.js';
import { countAll, referencedNames } from '../../db/sql-helpers.js';

// The columns of a file record (the subject access export reads the same, with createdAt).
export const FILE_COLUMNS = [
  'id',
  'applicationId',
  'title',
  'type',
  'storedName',
  'displayPath',
  'extension',
  'mime',
  'size',
  'uploaderId',
  'uploadedAt',
] as const;

export type FileRow = Omit<Row<'applicationFile'>, 'createdAt' | 'updatedAt' | 'visaStageId'>;

export function createFileRepository(db: Db) {
  // An application's files, newest first: built and compiled once (issue 43).
  const filePage = compiledPageRows(db, (_: null, s) => {
    const files = db.selectFrom('applicationFile').where('applicationId', '=', s.applicationId!);
    return {
      rows: files.select(FILE_COLUMNS).orderBy('uploadedAt', 'desc').orderBy('id', 'desc'),
      count: files.select(countAll),
    };
  });
  return {
    page: (applicationId: number, limit: number, offset: number) =>
      filePage('', null, { applicationId }, { limit, offset }),

    find: (id: number): Promise<FileRow | undefined> =>
      db.selectFrom('applicationFile').select(FILE_COLUMNS).where('id', '=', id).executeTakeFirst(),

    async insert(
      v: Omit<FileRow, 'id' | 'displayPath'> & { visaStageId: number | null },
      displayPathOf: (id: number) => string,
      now: number,
    ) {
      return runInTransaction(db, async (tx) => {
        const row = await tx
          .insertInto('applicationFile')
          .values({ ...v, displayPath: '', createdAt: now, updatedAt: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .updateTable('applicationFile')
          .set({ displayPath: displayPathOf(row.id) })
          .where('id', '=', row.id)
          .execute();
        return row.id;
      });
    },

    update: (id: number, v: { title: string; type: string }, now: number) =>
      db
        .updateTable('applicationFile')
        .set({ ...v, updatedAt: now })
        .where('id', '=', id)
        .executeTakeFirst(),

    // Which of these stored names a file record points to.
    referenced: (storedNames: readonly string[]): Promise<Set<string>> =>
      referencedNames(storedNames, (chunk) =>
        db.selectFrom('applicationFile').select('storedName as name').where('storedName', 'in', chunk).execute(),
      ),

    remove: (id: number) => db.deleteFrom('applicationFile').where('id', '=', id).executeTakeFirst(),
  };
}
export type FileRepository = ReturnType<typeof createFileRepository>;
