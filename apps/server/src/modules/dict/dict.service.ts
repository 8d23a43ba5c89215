import { Code } from '@study-crm/shared';
import type { DictAddBody, DictEntry, DictListQuery, DictOption, DictUpdateBody } from '@study-crm/shared';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { entryFields, entryReads, guardUnique, staleCopy, toEntry } from '../entry/index.js';
import type { DictRepository, DictRow } from './dict.repository.js';

export const toDictEntry = (row: DictRow): DictEntry => toEntry(row);

const exists = (type: string, value: string) => new AppError(Code.DICT_EXISTS, 'dictExists', { type, value });

// One value another module stores from a dictionary: the request field naming it (e.g. languageScores.0.testType),
// the dictionary type and the value (empty = nothing to check).
export type DictCheck = { field: string; type: string; value: string | null | undefined };

// Refuses (400 naming the field) the first value that is not an ENABLED entry of its type; one query for all checks.
export async function assertDictValues(
  repo: Pick<DictRepository, 'enabledValues'>,
  checks: DictCheck[],
): Promise<void> {
  const given = checks.filter((c): c is DictCheck & { value: string } => !!c.value);
  if (!given.length) return;
  const enabled = await repo.enabledValues([...new Set(given.map((c) => c.type))]);
  for (const c of given) {
    if (!enabled.get(c.type)?.has(c.value)) throw badRequest(c.field, 'v.dictValue', { type: c.type, value: c.value });
  }
}

export function createDictService(deps: { repo: DictRepository; clock: Clock }) {
  const { repo, clock } = deps;
  const { view, list, remove } = entryReads(repo);

  return {
    view,

    list: (q: DictListQuery) => list(q),

    typeList: (keyword?: string | null) => repo.types(keyword),

    async options(type: string): Promise<DictOption[]> {
      const rows = await repo.options(type);
      return rows.map((r) => ({ value: r.value, label: r.label, label2: r.label2, color: r.color }));
    },

    async add(body: DictAddBody): Promise<DictEntry> {
      if ((await repo.idOf(body.type, body.value)) !== undefined) throw exists(body.type, body.value);
      const now = clock.now();
      const id = await guardUnique(
        () => exists(body.type, body.value),
        () => repo.insert({ ...entryFields(body), createdAt: now, updatedAt: now }),
      );
      return view(id);
    },

    async update(body: DictUpdateBody): Promise<DictEntry> {
      if (!(await repo.byId(body.id))) throw notFound();
      const other = await repo.idOf(body.type, body.value);
      if (other !== undefined && other !== body.id) throw exists(body.type, body.value);
      const saved = await guardUnique(
        () => exists(body.type, body.value),
        () => repo.update(body.id, { ...entryFields(body), updatedAt: clock.now() }, body.version),
      );
      if (!saved) throw staleCopy();
      return view(body.id);
    },

    remove,
  };
}
export type DictService = ReturnType<typeof createDictService>;
