import { Code, isRetentionValue, retentionSetting } from '@study-crm/shared';
import type { SysConfig, SysConfigAddBody, SysConfigListQuery, SysConfigUpdateBody } from '@study-crm/shared';
import { AppError, badRequest, found, notFound, staleCopy } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/sql-helpers.js';
import type { Clock } from '../../lib/clock.js';
import type { ConfigAccessor } from './config-accessor.js';
import type { SysConfigRepository, SysConfigRow } from './sysconfig.repository.js';
import { mapPage } from '../../lib/paging.js';

// The stored fields of an added or updated config, absent optional values as null and status enabled by default.
const fieldsOf = (body: SysConfigAddBody) => ({
  key: body.key,
  platform: body.platform,
  prodValue: body.prodValue ?? null,
  testValue: body.testValue ?? null,
  remarks: body.remarks ?? null,
  status: body.status ?? 'enabled',
});

export function toSysConfig(row: SysConfigRow): SysConfig {
  return {
    id: row.id,
    key: row.key,
    platform: row.platform,
    prodValue: row.prodValue,
    testValue: row.testValue,
    remarks: row.remarks,
    status: row.status,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

// A retention period (issue 41: retention.* and privacy.paymentKeepYears) must be a whole number from 0 to its
// maximum, in both environments' values; other keys take any text.
function checkRetention(body: SysConfigAddBody): void {
  const setting = retentionSetting(body.key);
  if (!setting) return;
  for (const field of ['prodValue', 'testValue'] as const) {
    if (!isRetentionValue(setting, body[field]))
      throw badRequest(field, 'v.retentionDays', { min: 0, max: setting.max });
  }
}

const exists = (key: string, platform: string) => new AppError(Code.CONFIG_EXISTS, 'configExists', { key, platform });

export function createSysConfigService(deps: { repo: SysConfigRepository; accessor: ConfigAccessor; clock: Clock }) {
  const { repo, accessor, clock } = deps;

  // The unique index is the final word; the lookup gives the friendly message in the common case.
  async function guarded<T>(key: string, platform: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw exists(key, platform);
      throw err;
    } finally {
      accessor.invalidate();
    }
  }

  async function view(id: number): Promise<SysConfig> {
    const row = found(await repo.byId(id));
    return toSysConfig(row);
  }

  return {
    view,

    list: async (q: SysConfigListQuery) => mapPage(await repo.list(q), toSysConfig),

    async add(body: SysConfigAddBody): Promise<SysConfig> {
      checkRetention(body);
      if ((await repo.idOf(body.key, body.platform)) !== undefined) throw exists(body.key, body.platform);
      const now = clock.now();
      const id = await guarded(body.key, body.platform, () =>
        repo.insert({ ...fieldsOf(body), createdAt: now, updatedAt: now }),
      );
      return view(id);
    },

    async update(body: SysConfigUpdateBody): Promise<SysConfig> {
      checkRetention(body);
      if (!(await repo.byId(body.id))) throw notFound();
      const other = await repo.idOf(body.key, body.platform);
      if (other !== undefined && other !== body.id) throw exists(body.key, body.platform);
      const saved = await guarded(body.key, body.platform, () =>
        repo.update(body.id, { ...fieldsOf(body), updatedAt: clock.now() }, body.version),
      );
      if (!saved) throw staleCopy();
      return view(body.id);
    },

    async remove(id: number): Promise<null> {
      const removed = await repo.remove(id);
      accessor.invalidate();
      if (!removed) throw notFound();
      return null;
    },
  };
}
export type SysConfigService = ReturnType<typeof createSysConfigService>;
