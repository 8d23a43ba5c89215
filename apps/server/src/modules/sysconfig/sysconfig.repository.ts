import { sql, type Insertable, type Updateable } from 'kysely';
import type { SysConfigListQuery } from '@study-crm/shared';
import type { Db } from '../../db/database.js';
import type { SysConfigTable, Row } from '../../db/schema.js';
import { containsPattern, countAll, likeLower } from '../../db/sql-helpers.js';
import { pageWindow, readPage } from '../../lib/paging.js';

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

export function createSysConfigRepository(db: Db) {
  return {
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
      return readPage<SysConfigRow>(rows, base.select(countAll), w);
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

    insert: async (row: Insertable<SysConfigTable>): Promise<number> =>
      (await db.insertInto('sysConfig').values(row).returning('id').executeTakeFirstOrThrow()).id,

    // Optimistic lock: the version goes up by one; with `version` given, only from that version (false: stale).
    update: async (id: number, patch: Updateable<SysConfigTable>, version?: number | null): Promise<boolean> => {
      let q = db
        .updateTable('sysConfig')
        .set({ ...patch, version: sql<number>`version + 1` })
        .where('id', '=', id);
      if (version !== undefined && version !== null) q = q.where('version', '=', version);
      return Number((await q.executeTakeFirst()).numUpdatedRows) > 0;
    },

    remove: async (id: number): Promise<boolean> =>
      Number((await db.deleteFrom('sysConfig').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0,

    // The enabled config of this key and platform, for the cached accessor.
    enabled: (key: string, platform: string) =>
      db
        .selectFrom('sysConfig')
        .select(['prodValue', 'testValue'])
        .where('key', '=', key)
        .where('platform', '=', platform)
        .where('status', '=', 'enabled')
        .executeTakeFirst(),
  };
}
export type SysConfigRepository = ReturnType<typeof createSysConfigRepository>;
