import { beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_UPS_MAX, type ApplicationSaved, type FollowUp, type FollowUpList } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, fullForm } from '../../test/application-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';

const FOLLOW = '/api/v1/mc/followUp';
const NOW = Date.UTC(2026, 10, 22, 9);

describe('follow-up items: complete counts, and at most FOLLOW_UPS_MAX an application', () => {
  const t = useTestApp({ signIn: true });
  const newApplication = async () => (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(), t.admin)).data.id;
  // `count` items numbered 1…count straight into the database, the last `done` of them done.
  const seed = async (applicationId: number, count: number, done = 0) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      applicationId,
      number: i + 1,
      service: 'visa',
      isDone: i >= count - done ? 1 : 0,
      doneAt: i >= count - done ? NOW : null,
      status: 'open',
      createdAt: NOW,
      updatedAt: NOW,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.db.db
        .insertInto('followUp')
        .values(rows.slice(i, i + 200))
        .execute();
  };
  const list = async (applicationId: number) =>
    (await t.get<FollowUpList>(`${FOLLOW}/list`, { applicationId }, t.admin)).data;
  const add = (applicationId: number, locale?: string) =>
    t.post<FollowUp>(`${FOLLOW}/add`, { applicationId, service: 'visa' }, { ...t.admin, ...(locale && { locale }) });

  let big: number;
  beforeAll(async () => {
    big = await newApplication();
    // An application filled past the cap before there was one: 600 items, the last 100 done.
    await seed(big, 600, 100);
  });

  it('counts every item of the application, not the listed ones: 100 of 600 done is 17%', async () => {
    const l = await list(big);
    expect(l).toMatchObject({ followDone: 100, followTotal: 600, completionRatio: 17 });
    expect(l.list).toHaveLength(FOLLOW_UPS_MAX);
    expect(l.list[0]!.number).toBe(1);
    // The application list's and detail's ratio say the same.
    const simple = await t.get<{ completionRatio: number }>(`${BASE}/simpleInfo`, { id: big }, t.admin);
    expect(simple.data.completionRatio).toBe(17);
  });

  it('refuses an item past the cap with 400 naming applicationId, in three languages, and writes nothing', async () => {
    const full = await newApplication();
    await seed(full, FOLLOW_UPS_MAX - 1, 1);
    const last = await add(full);
    expect(last.meta.code, last.meta.message).toBe(200);
    expect(last.data.number).toBe(FOLLOW_UPS_MAX);
    const cases: [string, string][] = [
      ['en-US', `applicationId: an application holds at most ${FOLLOW_UPS_MAX} follow-up items`],
      ['zh-TW', `applicationId：一個申請最多 ${FOLLOW_UPS_MAX} 個跟進項目`],
      ['zh-CN', `applicationId：一个申请最多 ${FOLLOW_UPS_MAX} 个跟进项目`],
    ];
    for (const [locale, message] of cases) {
      const over = await add(full, locale);
      expectParamError(over, 'applicationId');
      expect(over.meta.message).toContain(message);
    }
    expectParamError(await add(big), 'applicationId');
    const l = await list(full);
    expect(l).toMatchObject({ followDone: 1, followTotal: FOLLOW_UPS_MAX, completionRatio: 0 });
    // The list answers every item.
    expect(l.list).toHaveLength(FOLLOW_UPS_MAX);
    expect(l.list.at(-1)!.number).toBe(FOLLOW_UPS_MAX);
  });

  it('lets exactly the room left through when adds to one application come at once', async () => {
    const almost = await newApplication();
    await seed(almost, FOLLOW_UPS_MAX - 2);
    const all = await Promise.all(Array.from({ length: 6 }, () => add(almost)));
    expect(all.filter((r) => r.meta.code === 200)).toHaveLength(2);
    expect(all.filter((r) => r.meta.code === 400)).toHaveLength(4);
    expect((await list(almost)).followTotal).toBe(FOLLOW_UPS_MAX);
  });
});
