import { describe, expect, it } from 'vitest';
import type { SysConfig, Page } from '@study-crm/shared';
import { testClock } from '../../test/harness.js';
import { changeCounterValue } from '../../test/rows.js';
import { useTestApp } from '../../test/signed-in.js';
import { createConfigAccessor } from './config-accessor.js';
import { expectParamError } from '../../test/expect-envelope.js';

const BASE = '/admin/v1/sys/sysConfigs';

describe('system configs', () => {
  const t = useTestApp({ signIn: true });
  const add = (v: Record<string, string | number | null>) => t.post<SysConfig>(`${BASE}/add`, v, t.admin);

  it('adds a config and reads it back', async () => {
    const res = await add({ key: 'site.name', platform: 'WEB', prodValue: 'Prod', testValue: 'Test', remarks: 'name' });
    expect(res.meta.code).toBe(200);
    expect(res.data).toMatchObject({ key: 'site.name', platform: 'WEB', status: 'enabled', prodValue: 'Prod' });
    const view = await t.get<SysConfig>(`${BASE}/view`, { id: res.data.id }, t.admin);
    expect(view.data.testValue).toBe('Test');
  });

  it('refuses a missing key or platform, naming the field, and writes nothing', async () => {
    const before = await t.get<Page<SysConfig>>(`${BASE}/list`, {}, t.admin);
    const noKey = await add({ key: '', platform: 'WEB' });
    expectParamError(noKey, 'key');
    const noPlatform = await add({ key: 'x.y' });
    expectParamError(noPlatform, 'platform');
    const after = await t.get<Page<SysConfig>>(`${BASE}/list`, {}, t.admin);
    expect(after.data.total).toBe(before.data.total);
  });

  it('refuses a duplicate (key, platform) with a localised message, but allows another platform', async () => {
    await add({ key: 'dup.key', platform: 'WEB' });
    const dup = await t.post(`${BASE}/add`, { key: 'dup.key', platform: 'WEB' }, { ...t.admin, locale: 'zh-TW' });
    expect(dup.meta).toEqual({ code: 5410, message: '此平台已有相同鍵名的參數：dup.key（WEB）' });
    expect((await add({ key: 'dup.key', platform: 'APP' })).meta.code).toBe(200);
    const other = await add({ key: 'dup.other', platform: 'APP' });
    const clash = await t.post(`${BASE}/update`, { id: other.data.id, key: 'dup.key', platform: 'APP' }, t.admin);
    expect(clash.meta.code).toBe(5410);
  });

  it('filters by platform and status and searches key and remarks', async () => {
    await add({ key: 'filter.a', platform: 'SERVER', remarks: 'Needle here', status: 'disabled' });
    await add({ key: 'filter.b', platform: 'SERVER' });
    const disabled = await t.get<Page<SysConfig>>(
      `${BASE}/list`,
      { platform: 'SERVER', status: 'disabled', pageNum: '', pageSize: '' },
      t.admin,
    );
    expect(disabled.data.list.map((c) => c.key)).toEqual(['filter.a']);
    const search = await t.get<Page<SysConfig>>(`${BASE}/list`, { keyword: 'NEEDLE' }, t.admin);
    expect(search.data.list.map((c) => c.key)).toEqual(['filter.a']);
    const paged = await t.get<Page<SysConfig>>(`${BASE}/list`, { pageSize: 2, pageNum: 1 }, t.admin);
    expect(paged.data.list).toHaveLength(2);
    expect(paged.data.total).toBeGreaterThan(2);
  });

  it('serves the testing value outside production and sees updates and removals at once', async () => {
    const created = await add({ key: 'cache.key', platform: 'WEB', prodValue: 'P1', testValue: 'T1' });
    expect(t.config.configEnv).toBe('testing');
    expect(await t.app.configs.get('cache.key')).toBe('T1');
    await t.post(
      `${BASE}/update`,
      { id: created.data.id, key: 'cache.key', platform: 'WEB', testValue: 'T2' },
      t.admin,
    );
    expect(await t.app.configs.get('cache.key', 'WEB')).toBe('T2');
    await t.post(
      `${BASE}/update`,
      { id: created.data.id, key: 'cache.key', platform: 'WEB', testValue: 'T2', status: 'disabled' },
      t.admin,
    );
    expect(await t.app.configs.get('cache.key')).toBeNull();
    await t.post(`${BASE}/remove`, { id: created.data.id }, t.admin);
    expect((await t.get(`${BASE}/view`, { id: created.data.id }, t.admin)).meta.code).toBe(404);
  });

  it('moves the servers’ shared change counter in the writing transaction, whatever wrote the row', async () => {
    const counter = () => changeCounterValue(t.db.db, 'sys_config');
    const start = await counter();
    const created = await add({ key: 'counter.key', platform: 'WEB', testValue: 'T1' });
    expect(await counter()).toBeGreaterThan(start);
    // A write that is not the service's (an import, a script) moves it too; one that rolls back does not.
    const before = await counter();
    await t.db.db.updateTable('sysConfig').set({ testValue: 'T2' }).where('id', '=', created.data.id).execute();
    const after = await counter();
    expect(after).toBeGreaterThan(before);
    await expect(
      t.db.db.transaction().execute(async (tx) => {
        await tx.deleteFrom('sysConfig').where('id', '=', created.data.id).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await counter()).toBe(after);
  });

  it('refuses callers without the permission', async () => {
    const res = await t.get(`${BASE}/list`, {});
    expect(res.meta.code).toBe(401);
  });
});

describe('config accessor', () => {
  it('uses the production value in production and caches until a write, here or on another server', async () => {
    let calls = 0;
    let row = { prodValue: 'P', testValue: 'T' };
    // The change counter every server shares, which a write moves in its transaction (migration 0084).
    let counter = 0;
    const repo = {
      enabled: async () => {
        calls++;
        return row;
      },
      version: async () => counter,
    };
    const clock = testClock();
    const acc = createConfigAccessor(repo, { configEnv: 'production', platform: 'WEB' }, clock, 1_000);
    const other = createConfigAccessor(repo, { configEnv: 'production', platform: 'WEB' }, clock, 1_000);
    expect(await acc.get('k')).toBe('P');
    expect(await other.get('k')).toBe('P');
    row = { prodValue: 'P2', testValue: 'T2' };
    clock.advance(5_000);
    // The counter did not move: the cache holds.
    expect(await acc.get('k')).toBe('P');
    expect(await other.get('k')).toBe('P');
    expect(calls).toBe(2);
    // A write through `acc`'s server: the counter moved with it, and that server drops its cache at once.
    counter += 1;
    acc.invalidate();
    expect(await acc.get('k')).toBe('P2');
    // The other server sees the write once its check is due.
    expect(await other.get('k')).toBe('P');
    clock.advance(1_000);
    expect(await other.get('k')).toBe('P2');
    const testing = createConfigAccessor(repo, { configEnv: 'testing', platform: 'WEB' }, clock);
    expect(await testing.get('k')).toBe('T2');
  });
});
