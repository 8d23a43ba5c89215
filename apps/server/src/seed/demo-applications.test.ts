import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/signed-in.js';
import { DICT_TYPES, type ApplicationListItem, type Page } from '@study-crm/shared';
import { DICT_SEED } from './dict.seed.js';
import {
  DEMO_BUSINESS_TYPE,
  DEMO_SERVICES,
  DEMO_STATUSES,
  DEMO_TEST_TYPES,
  seedDemoApplications,
} from './demo-applications.js';

describe('demo applications seed', () => {
  const t = useTestApp();

  it('inserts realistic rows in batches and only tops up on a second run', async () => {
    expect(await seedDemoApplications(t.db.db, 120, 50)).toMatchObject({ inserted: 120, total: 120 });
    expect(await seedDemoApplications(t.db.db, 150, 50)).toMatchObject({ inserted: 30, total: 150 });
    expect(await seedDemoApplications(t.db.db, 100, 50)).toMatchObject({ inserted: 0, total: 150 });
    const { token } = await t.login();
    const page = await t.get<Page<ApplicationListItem>>(
      '/api/v1/mc/applicationRecord/list',
      { pageSize: 5 },
      { token },
    );
    expect(page.data.total).toBe(150);
    expect(page.data.list[0]?.targetSchools.length).toBeGreaterThan(0);
    expect(page.data.list[0]?.signingTeacher).not.toBeNull();
  });

  it('uses only seeded dictionary values', () => {
    const seeded = (type: string) => (DICT_SEED[type] ?? []).map((e) => e[0]);
    for (const v of DEMO_STATUSES) expect(seeded(DICT_TYPES.applicationStatus)).toContain(v);
    for (const v of DEMO_SERVICES) expect(seeded(DICT_TYPES.followService)).toContain(v);
    for (const v of DEMO_TEST_TYPES) expect(seeded(DICT_TYPES.languageTestType)).toContain(v);
    expect(seeded(DICT_TYPES.businessType)).toContain(DEMO_BUSINESS_TYPE);
  });
});
