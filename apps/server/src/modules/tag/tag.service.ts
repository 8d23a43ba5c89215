import {
  Code,
  TAG_SEARCH_LIMIT,
  type Tag,
  type TagAddBody,
  type TagCheckResult,
  type TagListQuery,
  type TagOption,
  type TagUpdateBody,
} from '@study-crm/shared';
import { AppError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { entryFields, entryReads, guardUnique, staleCopy, toEntry } from '../entry/index.js';
import type { TagRepository, TagRow } from './tag.repository.js';

export const toTag = (row: TagRow): Tag => toEntry(row);

export function createTagService(deps: { repo: TagRepository; clock: Clock }) {
  const { repo, clock } = deps;
  const { view, list, remove } = entryReads(repo);

  async function check(type: string, value?: string | null, label?: string | null, id?: number | null) {
    const taken = async (column: 'value' | 'label', text?: string | null) => {
      if (!text) return false;
      const other = await repo.idWith(type, column, text);
      return other !== undefined && other !== id;
    };
    return { valueTaken: await taken('value', value), labelTaken: await taken('label', label) };
  }

  // Rejects a tag whose key or Chinese name another tag of the type already uses.
  async function assertFree(b: TagAddBody, id?: number) {
    const c = await check(b.type, b.value, b.label, id);
    if (c.valueTaken) throw new AppError(Code.TAG_EXISTS, 'tagExists', { type: b.type, value: b.value });
    if (c.labelTaken) throw new AppError(Code.TAG_EXISTS, 'tagLabelExists', { type: b.type, label: b.label });
  }

  // A concurrent duplicate that slipped past assertFree.
  const duplicate = (b: TagAddBody) => () =>
    new AppError(Code.TAG_EXISTS, 'tagExists', { type: b.type, value: b.value });

  return {
    view,
    check: (type: string, value?: string | null, label?: string | null, id?: number | null): Promise<TagCheckResult> =>
      check(type, value, label, id),

    list: (q: TagListQuery) => list(q),

    async search(q?: string | null, type?: string | null, limit?: number | null): Promise<TagOption[]> {
      const rows = await repo.search(q, type, limit ?? TAG_SEARCH_LIMIT);
      return rows.map((r) => ({
        id: r.id,
        type: r.type,
        value: r.value,
        label: r.label,
        label2: r.label2,
        color: r.color,
      }));
    },

    async add(body: TagAddBody): Promise<Tag> {
      await assertFree(body);
      const now = clock.now();
      const id = await guardUnique(duplicate(body), () =>
        repo.insert({ ...entryFields(body), createdAt: now, updatedAt: now }),
      );
      return view(id);
    },

    async update(body: TagUpdateBody): Promise<Tag> {
      if (!(await repo.byId(body.id))) throw notFound();
      await assertFree(body, body.id);
      const saved = await guardUnique(duplicate(body), () =>
        repo.update(body.id, { ...entryFields(body), updatedAt: clock.now() }, body.version),
      );
      if (!saved) throw staleCopy();
      return view(body.id);
    },

    remove,
  };
}
export type TagService = ReturnType<typeof createTagService>;
