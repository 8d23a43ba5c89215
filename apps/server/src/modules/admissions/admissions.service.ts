import { Code } from '@study-crm/shared';
import type { Cycle, CycleAddBody, CycleDates, CycleListQuery, CycleOption, CycleUpdateBody } from '@study-crm/shared';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/sql-helpers.js';
import { AppError, found, notFound, staleCopy } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { mapPage } from '../../lib/paging.js';
import type { AdmissionsRepository, CycleRow } from './admissions.repository.js';

const fieldsOf = (b: CycleAddBody) => ({
  entryYear: b.entryYear,
  earlyDeadline: b.earlyDeadline,
  equalDeadline: b.equalDeadline,
  finalDeadline: b.finalDeadline,
  deadlineTime: b.deadlineTime ?? '18:00',
  remarks: b.remarks ?? null,
  status: b.status ?? 'enabled',
});

const toCycle = (r: CycleRow): Cycle => ({ ...r });
const toOption = (r: CycleRow): CycleOption => ({
  id: r.id,
  entryYear: r.entryYear,
  earlyDeadline: r.earlyDeadline,
  equalDeadline: r.equalDeadline,
  finalDeadline: r.finalDeadline,
  deadlineTime: r.deadlineTime,
  status: r.status,
});

const toDates = (r: CycleRow): CycleDates => ({
  id: r.id,
  entryYear: r.entryYear,
  earlyDeadline: r.earlyDeadline,
  equalDeadline: r.equalDeadline,
  finalDeadline: r.finalDeadline,
});

const exists = (year: number) => new AppError(Code.CYCLE_EXISTS, 'cycleExists', { year });

// Admissions cycles: the UCAS dates administrators keep (issue 40), read by the application module's rules.
export function createAdmissionsService(deps: { repo: AdmissionsRepository; clock: Clock }) {
  const { repo, clock } = deps;

  // The unique entry year is the final word; the lookup gives the friendly message in the common case.
  async function guarded<T>(year: number, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw exists(year);
      throw err;
    }
  }
  const view = async (id: number) => toCycle(found(await repo.byId(id)));

  return {
    list: async (q: CycleListQuery) => mapPage(await repo.list(q), toCycle),

    // Every cycle (disabled ones too: a saved choice keeps showing its cycle), oldest first.
    options: async (): Promise<CycleOption[]> => (await repo.all()).map(toOption),

    // The dates of the cycles named, for the choice rules; an id with no cycle is absent.
    datesOf: async (ids: readonly number[]): Promise<CycleDates[]> =>
      (await repo.byIds([...new Set(ids)])).map(toDates),

    // Every cycle's dates, for the reminders.
    allDates: async (): Promise<CycleDates[]> => (await repo.all()).map(toDates),

    async add(body: CycleAddBody): Promise<Cycle> {
      if ((await repo.idOfYear(body.entryYear)) !== undefined) throw exists(body.entryYear);
      const now = clock.now();
      const id = await guarded(body.entryYear, () =>
        repo.insert({ ...fieldsOf(body), createdAt: now, updatedAt: now }),
      );
      return view(id);
    },

    async update(body: CycleUpdateBody): Promise<Cycle> {
      if (!(await repo.byId(body.id))) throw notFound();
      const other = await repo.idOfYear(body.entryYear);
      if (other !== undefined && other !== body.id) throw exists(body.entryYear);
      const saved = await guarded(body.entryYear, () =>
        repo.update(body.id, { ...fieldsOf(body), updatedAt: clock.now() }, body.version),
      );
      if (!saved) throw staleCopy();
      return view(body.id);
    },

    // A cycle that target schools name stays (the foreign key refuses): disable it instead.
    async remove(id: number): Promise<null> {
      try {
        if (!(await repo.remove(id))) throw notFound();
      } catch (err) {
        if (isForeignKeyViolation(err)) throw new AppError(Code.CYCLE_IN_USE, 'cycleInUse');
        throw err;
      }
      return null;
    },
  };
}
export type AdmissionsService = ReturnType<typeof createAdmissionsService>;
