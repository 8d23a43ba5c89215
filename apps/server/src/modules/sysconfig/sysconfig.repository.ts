import type { SysConfigListQuery } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { containsPattern, likeLower } from '../../db/sql-helpers.js';
import { sortedListPage, whereEqual } from '../../db/page-rows.js';
import type { Slots } from '../../db/compiled.js';
import { versionedRows } from '../../db/versioned-rows.js';

const COLUMNS = [
  'id',
  'key',
  'platform',
  'prodValue',
  'testValue',
  'remarks',
  'status',
  'version',
  'createdAt',
  'updatedAt',
] as const;

export type SysConfigRow = Row<'sysConfig'>;

const CONFIG_COUNTER = 'sys_config';

export function createSysConfigRepository(db: Db) {
  // The list's filter from its slots (givenValues; `keyword` a contains-pattern of the key or remarks); each shape
  // (the filters given, the order) built and compiled once (issue 43).
  function filtered(s: Slots<string>) {
    let q = db.selectFrom('sysConfig');
    if (s.keyword) q = q.where((eb) => eb.or([likeLower('key', s.keyword!), likeLower('remarks', s.keyword!)]));
    return whereEqual(q, s, 'platform', 'status');
  }
  const configPage = sortedListPage(db, filtered, (q) => q.select(COLUMNS), 'updatedAt');
  // The config of this key and platform (one at most: they are its unique key).
  const byKey = (key: string, platform: string) =>
    db.selectFrom('sysConfig').where('key', '=', key).where('platform', '=', platform);
  return {
    ...versionedRows(db, 'sysConfig'),

    list: (q: SysConfigListQuery) =>
      configPage(q, { keyword: q.keyword ? containsPattern(q.keyword) : null, platform: q.platform, status: q.status }),

    byId: (id: number): Promise<SysConfigRow | undefined> =>
      db.selectFrom('sysConfig').select(COLUMNS).where('id', '=', id).executeTakeFirst(),

    idOf: async (key: string, platform: string): Promise<number | undefined> =>
      (await byKey(key, platform).select('id').executeTakeFirst())?.id,

    // The enabled config of this key and platform, for the cached accessor.
    enabled: (key: string, platform: string) =>
      byKey(key, platform).select(['prodValue', 'testValue']).where('status', '=', 'enabled').executeTakeFirst(),

    // The configs' change counter, shared by every server on the database: every write to sys_config moves it in
    // its own transaction (triggers, migration 0084); a server whose cache was filled at another value drops it.
    async version(): Promise<number> {
      const row = await db
        .selectFrom('changeCounter')
        .select('value')
        .where('name', '=', CONFIG_COUNTER)
        .executeTakeFirst();
      return Number(row?.value ?? 0);
    },
  };
}
export type SysConfigRepository = ReturnType<typeof createSysConfigRepository>;
