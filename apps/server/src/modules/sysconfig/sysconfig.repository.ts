import { sql } from 'kysely';
import type { SysConfigListQuery } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { containsPattern, countAll, likeLower } from '../../db/sql-helpers.js';
import { pageWindow } from '../../lib/paging.js';
import { readPage } from '../../db/page-rows.js';
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
  return {
    ...versionedRows(db, 'sysConfig'),

    async list(q: SysConfigListQuery) {
      const w = pageWindow(q);
      let base = db.selectFrom('sysConfig');
      if (q.keyword) {
        const p = containsPattern(q.keyword);
        base = base.where((eb) => eb.or([likeLower('key', p), likeLower('remarks', p)]));
      }
      if (q.platform) base = base.where('platform', '=', q.platform);
      if (q.status) base = base.where('status', '=', q.status);
      const rows = base.select(COLUMNS).orderBy('updatedAt', w.order).orderBy('id', w.order);
      return readPage(db, rows, base.select(countAll), w);
    },

    byId: (id: number): Promise<SysConfigRow | undefined> =>
      db.selectFrom('sysConfig').select(COLUMNS).where('id', '=', id).executeTakeFirst(),

    idOf: async (key: string, platform: string): Promise<number | undefined> =>
      (
        await db
          .selectFrom('sysConfig')
          .select('id')
          .where('key', '=', key)
          .where('platform', '=', platform)
          .executeTakeFirst()
      )?.id,

    // The enabled config of this key and platform, for the cached accessor.
    enabled: (key: string, platform: string) =>
      db
        .selectFrom('sysConfig')
        .select(['prodValue', 'testValue'])
        .where('key', '=', key)
        .where('platform', '=', platform)
        .where('status', '=', 'enabled')
        .executeTakeFirst(),

    // The configs' change counter, shared by every server on the database: a write bumps it, a server whose cache
    // was filled at another value drops its cache.
    async version(): Promise<number> {
      const row = await db
        .selectFrom('changeCounter')
        .select('value')
        .where('name', '=', CONFIG_COUNTER)
        .executeTakeFirst();
      return Number(row?.value ?? 0);
    },
    async bumpVersion(): Promise<void> {
      await db
        .insertInto('changeCounter')
        .values({ name: CONFIG_COUNTER, value: 1 })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql<number>`change_counter.value + 1` }))
        .execute();
    },
  };
}
export type SysConfigRepository = ReturnType<typeof createSysConfigRepository>;
