import { APPLICATION_DICT, Code } from '@study-crm/shared';
import type { VisaStage, VisaStageAddBody, VisaStageListQuery, VisaStageUpdateBody } from '@study-crm/shared';
import { isForeignKeyViolation } from '../../db/sql-helpers.js';
import { AppError, found, notFound, staleCopy } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { mapPage } from '../../lib/paging.js';
import { assertDictValues, type DictRepository } from '../dict/index.js';
import type { VisaStageRepository, VisaStageRow } from './visa-stage.repository.js';

const toStage = (r: VisaStageRow): VisaStage => Object.assign(r, { kind: r.kind as VisaStage['kind'] });
const fieldsOf = (b: VisaStageAddBody) => ({
  name: b.name || null,
  sort: b.sort,
  fileType: b.fileType || null,
  status: b.status ?? 'enabled',
});

// The Student visa checklist's stages (issue 40), kept by administrators; the application module reads the enabled
// ones in order.
export function createVisaStageService(deps: {
  repo: VisaStageRepository;
  dict: Pick<DictRepository, 'enabledValues'>;
  clock: Clock;
}) {
  const { repo, dict, clock } = deps;
  const checkType = (fileType: string | null | undefined) =>
    assertDictValues(dict, [{ field: 'fileType', type: APPLICATION_DICT.fileType, value: fileType || null }]);
  const view = async (id: number) => toStage(found(await repo.byId(id)));

  return {
    list: async (q: VisaStageListQuery) => mapPage(await repo.list(q), toStage),
    // The enabled stages in checklist order.
    enabled: async (): Promise<VisaStage[]> => (await repo.enabled()).map(toStage),

    async add(body: VisaStageAddBody): Promise<VisaStage> {
      await checkType(body.fileType);
      const now = clock.now();
      return view(await repo.insert({ ...fieldsOf(body), kind: null, createdAt: now, updatedAt: now }));
    },

    async update(body: VisaStageUpdateBody): Promise<VisaStage> {
      if (!(await repo.byId(body.id))) throw notFound();
      await checkType(body.fileType);
      if (!(await repo.update(body.id, { ...fieldsOf(body), updatedAt: clock.now() }, body.version))) throw staleCopy();
      return view(body.id);
    },

    // A built-in stage carries rules and stays (disable it); one applications have steps in stays too.
    async remove(id: number): Promise<null> {
      const row = found(await repo.byId(id));
      if (row.kind) throw new AppError(Code.VISA_STAGE_BUILT_IN);
      try {
        if (!(await repo.remove(id))) throw notFound();
      } catch (err) {
        if (isForeignKeyViolation(err)) throw new AppError(Code.VISA_STAGE_IN_USE);
        throw err;
      }
      return null;
    },
  };
}
export type VisaStageService = ReturnType<typeof createVisaStageService>;
