import { Code } from '@study-crm/shared';
import type { Label, LabelAddBody, LabelListQuery, LabelUpdateBody, MemberLabel } from '@study-crm/shared';
import { AppError, badRequest, found, notFound, staleCopy } from '../../http/errors.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/sql-helpers.js';
import type { Clock } from '../../lib/clock.js';
import type { PeopleService } from '../people/index.js';
import type { LabelRepository, LabelRow } from './label.repository.js';
import { mapPage } from '../../lib/paging.js';

export function toLabel(row: LabelRow): Label {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    description: row.description,
    sort: row.sort,
    status: row.status,
    version: row.version,
    memberCount: row.memberCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const exists = (name: string) => new AppError(Code.LABEL_EXISTS, 'labelExists', { name });

export function createLabelService(deps: {
  repo: LabelRepository;
  people: Pick<PeopleService, 'isMember'>;
  clock: Clock;
}) {
  const { repo, people, clock } = deps;

  async function view(id: number): Promise<Label> {
    const row = found(await repo.byId(id));
    return toLabel(row);
  }

  async function guarded<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw exists(name);
      throw err;
    }
  }

  const fields = (b: LabelAddBody) => ({
    name: b.name,
    color: b.color ?? null,
    description: b.description ?? null,
    sort: b.sort ?? 0,
    status: b.status ?? 'enabled',
  });

  return {
    view,

    list: async (q: LabelListQuery) => mapPage(await repo.list(q), toLabel),

    async add(body: LabelAddBody): Promise<Label> {
      if ((await repo.idOfName(body.name)) !== undefined) throw exists(body.name);
      const now = clock.now();
      const id = await guarded(body.name, () => repo.insert({ ...fields(body), createdAt: now, updatedAt: now }));
      return view(id);
    },

    async update(body: LabelUpdateBody): Promise<Label> {
      if (!(await repo.byId(body.id))) throw notFound();
      const other = await repo.idOfName(body.name);
      if (other !== undefined && other !== body.id) throw exists(body.name);
      const saved = await guarded(body.name, () =>
        repo.update(body.id, { ...fields(body), updatedAt: clock.now() }, body.version),
      );
      if (!saved) throw staleCopy();
      return view(body.id);
    },

    async remove(id: number): Promise<null> {
      if (!(await repo.remove(id))) throw notFound();
      return null;
    },

    // The labels of a page of members, in each member's label order (the member list).
    labelsOf: (memberIds: readonly number[]): Promise<Map<number, MemberLabel[]>> => repo.labelsOf(memberIds),

    async ofMember(memberId: number): Promise<MemberLabel[]> {
      const rows = await repo.ofMember(memberId);
      return rows.map((r) => ({ id: r.id, name: r.name, color: r.color, status: r.status }));
    },

    async assign(memberId: number, labelIds: number[]): Promise<MemberLabel[]> {
      if (!(await people.isMember(memberId))) throw notFound();
      const unique = [...new Set(labelIds)];
      const found = new Set(await repo.existingIds(unique));
      const missing = unique.findIndex((id) => !found.has(id));
      if (missing >= 0) throw badRequest(`labelIds.${missing}`, 'v.format');
      try {
        await repo.setMemberLabels(memberId, unique, clock.now());
      } catch (err) {
        // A label deleted since the check above (decision 367): refused as the check would have, never a 500.
        if (isForeignKeyViolation(err)) throw badRequest('labelIds', 'v.unknownId');
        throw err;
      }
      const rows = await repo.ofMember(memberId);
      return rows.map((r) => ({ id: r.id, name: r.name, color: r.color, status: r.status }));
    },
  };
}
export type LabelService = ReturnType<typeof createLabelService>;
