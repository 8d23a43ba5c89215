import type { RecordStatus } from '@study-crm/shared';
import { found, notFound, type AppError } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/sql-helpers.js';
import type { EntryRepository, EntryRow } from './entry.repository.js';
import { mapPage } from '../../lib/paging.js';

export type Entry = EntryRow;

// Row → response (the response has the row's shape; mapped field by field so a new column is not leaked).
export function toEntry(row: EntryRow): Entry {
  return {
    id: row.id,
    type: row.type,
    value: row.value,
    label: row.label,
    label2: row.label2,
    description: row.description,
    sort: row.sort,
    status: row.status,
    color: row.color,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

type EntryBody = {
  type: string;
  value: string;
  label: string;
  label2?: string | null;
  description?: string | null;
  sort?: number | null;
  status?: RecordStatus | null;
  color?: string | null;
};

// Body → columns, with the defaults of a new row.
export const entryFields = (b: EntryBody) => ({
  type: b.type,
  value: b.value,
  label: b.label,
  label2: b.label2 ?? null,
  description: b.description ?? null,
  sort: b.sort ?? 0,
  status: b.status ?? 'enabled',
  color: b.color ?? null,
});

// A write that lost a race with a concurrent duplicate reports the same error as the check before it.
export { staleCopy } from '../../http/errors.js';

export async function guardUnique<T>(duplicate: () => AppError, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

// view, list and remove, the same for every dictionary-shaped table.
export function entryReads(repo: EntryRepository) {
  async function view(id: number): Promise<Entry> {
    const row = found(await repo.byId(id));
    return toEntry(row);
  }
  return {
    view,

    list: async (q: Parameters<EntryRepository['list']>[0]) => mapPage(await repo.list(q), toEntry),

    async remove(id: number): Promise<null> {
      if (!(await repo.remove(id))) throw notFound();
      return null;
    },
  };
}
