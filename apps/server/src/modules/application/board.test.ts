import { beforeAll, describe, expect, it } from 'vitest';
import {
  PERM,
  type ApplicationSaved,
  type BoardColumn,
  type BoardCounts,
  type BoardMoved,
  type CycleOption,
} from '@study-crm/shared';
import { testClock, type Values } from '../../test/harness.js';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';
import { useTestApp } from '../../test/signed-in.js';

const at = (day: string) => Date.parse(`${day}T09:00:00Z`);

// The applications list as a board (issue 40): counts per status, a column paged by seek, the status move.
describe('applications board', () => {
  const clock = testClock(at('2026-11-22'));
  const t = useTestApp({ signIn: true, clock });
  let n = 0;
  let c2027: number;
  const create = async (v: Values = {}) => {
    const res = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ email: `board${++n}@example.com`, mobile: null, ...v }),
      t.admin,
    );
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data.id;
  };
  const counts = (q: Values = {}) => t.get<BoardCounts>(`${BASE}/boardCounts`, q, t.admin);
  const column = (q: Values) => t.get<BoardColumn>(`${BASE}/boardColumn`, q, t.admin);
  const move = (body: Values, token = t.admin.token) => t.post<BoardMoved>(`${BASE}/move`, body, { token });
  const exact = async () => {
    const rows = await t.db.db
      .selectFrom('application')
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
      .where('deletedAt', 'is', null)
      .groupBy('status')
      .execute();
    return rows.map((r) => ({ status: r.status, count: Number(r.n) })).sort((a, b) => a.status.localeCompare(b.status));
  };
  const auditRows = (recordId: number) =>
    t.db.db
      .selectFrom('auditLog')
      .selectAll()
      .where('recordType', '=', 'application')
      .where('recordId', '=', recordId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    const cycles = await t.get<CycleOption[]>('/api/v1/mc/admissionsCycle/options', {}, t.admin);
    c2027 = cycles.data.find((c) => c.entryYear === 2027)!.id;
    for (let d = 1; d <= 5; d++) {
      const day = `2026-10-0${d}`;
      await create({ applicationDate: day, name: `甲${d}`, status: 'submitted' });
      await create({ applicationDate: day, name: `乙${d}`, status: 'submitted' });
    }
    await create({ name: '丙', status: 'draft', applicationDate: '2026-09-01' });
  });

  it('counts each status in one grouped count, with and without the filters, like the table', async () => {
    const all = await counts();
    expect(all.meta.code).toBe(200);
    expect(all.data).toEqual(await exact());
    expect(all.data.find((c) => c.status === 'submitted')?.count).toBeGreaterThanOrEqual(10);
    // The date range and keyword narrow the counts the way they narrow the table.
    const ranged = await counts({ dateFrom: '2026-10-02', dateTo: '2026-10-03' });
    expect(ranged.data).toEqual([{ status: 'submitted', count: 4 }]);
    const table = await t.get<{ total: number }>(
      `${BASE}/list`,
      { status: 'submitted', dateFrom: '2026-10-02', dateTo: '2026-10-03' },
      t.admin,
    );
    expect(table.data.total).toBe(4);
    expect((await counts({ keyword: '丙' })).data).toEqual([{ status: 'draft', count: 1 }]);
  });

  it('pages a column by seek, newest first, with the same rows as the table', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res: { meta: { code: number }; data: BoardColumn } = await column({
        status: 'submitted',
        pageSize: 3,
        dateFrom: '2026-10-01',
        dateTo: '2026-10-05',
        ...(cursor ? { cursor } : {}),
      });
      expect(res.meta.code).toBe(200);
      expect(res.data.list.every((c) => c.status === 'submitted')).toBe(true);
      seen.push(...res.data.list.map((c) => c.id));
      cursor = res.data.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
    const table = await t.get<{ list: { id: number }[] }>(
      `${BASE}/list`,
      { status: 'submitted', dateFrom: '2026-10-01', dateTo: '2026-10-05', pageSize: 10 },
      t.admin,
    );
    expect(seen).toEqual(table.data.list.map((r) => r.id));
    // A cursor of the wrong shape is a 400 naming it, never a 500.
    const bad = await column({ status: 'submitted', cursor: "x'; drop table application --" });
    expect(bad.meta.code).toBe(400);
    expect(bad.meta.message).toMatch(/cursor/);
    expect((await column({})).meta.code).toBe(400);
    expect((await column({ status: 'submitted', pageSize: 10_000 })).meta.code).toBe(400);
  });

  it('shows on a card the target schools with their decisions, the next UCAS deadline and the follow-up ratio', async () => {
    const cycle = await t.db.db
      .selectFrom('admissionsCycle')
      .selectAll()
      .where('id', '=', c2027)
      .executeTakeFirstOrThrow();
    const id = await create({
      name: '卡片',
      status: 'processing',
      applicationDate: '2026-11-01',
      targetSchools: JSON.stringify([
        { school: 'University of Oxford', route: 'ucas', institutionCode: 'O33', cycleId: c2027 },
        { school: 'UCL', route: 'ucas', cycleId: c2027 },
        {
          school: 'KCL',
          route: 'ucas',
          cycleId: c2027,
          applicationDate: '2026-10-01',
          decision: 'conditional',
          reply: 'firm',
        },
      ]),
    });
    for (const [service, isDone] of [
      ['visa', 1],
      ['accommodation', 0],
      ['pre_departure', 0],
    ] as const) {
      const fu = await t.post('/api/v1/mc/followUp/add', { applicationId: id, service, isDone }, t.admin);
      expect(fu.meta.code, fu.meta.message).toBe(200);
    }
    const res = await column({ status: 'processing' });
    const card = res.data.list.find((c) => c.id === id)!;
    expect(card).toMatchObject({ name: '卡片', status: 'processing', version: 1 });
    expect(card.targetSchools).toEqual([
      { school: 'University of Oxford', decision: 'pending', reply: null },
      { school: 'UCL', decision: 'pending', reply: null },
      { school: 'KCL', decision: 'conditional', reply: 'firm' },
    ]);
    // 22 November 2026: Oxford's 15 October has passed (its final deadline remains); UCL's equal consideration is next.
    expect(cycle.earlyDeadline < '2026-11-22').toBe(true);
    expect(card.nextDeadline).toEqual({ date: cycle.equalDeadline, kind: 'equal', school: 'UCL' });
    expect(card).toMatchObject({ followDone: 1, followTotal: 3, completionRatio: 33 });
    // After the equal-consideration deadline only the final one is left.
    clock.set(at('2027-02-01'));
    t.admin.token = (await t.login()).token;
    const later = (await column({ status: 'processing' })).data.list.find((c) => c.id === id)!;
    expect(later.nextDeadline).toMatchObject({ date: cycle.finalDeadline, kind: 'final' });
    clock.set(at('2026-11-22'));
    t.admin.token = (await t.login()).token;
  });

  it('moves a card with the form’s status rule and version check, audited, and the counts follow', async () => {
    const id = await create({ name: '移動', status: 'submitted' });
    const before = await counts();
    const of = (c: BoardCounts, s: string) => c.find((x) => x.status === s)?.count ?? 0;

    const ok = await move({ id, version: 1, status: 'offer_conditional' });
    expect(ok.meta.code, ok.meta.message).toBe(200);
    expect(ok.data).toEqual({ id, version: 2, status: 'offer_conditional' });
    const after = await counts();
    expect(of(after.data, 'submitted')).toBe(of(before.data, 'submitted') - 1);
    expect(of(after.data, 'offer_conditional')).toBe(of(before.data, 'offer_conditional') + 1);
    expect((await t.get<{ status: string; version: number }>(`${BASE}/view`, { id }, t.admin)).data).toMatchObject({
      status: 'offer_conditional',
      version: 2,
    });
    const [entry] = (await auditRows(id)).filter((r) => r.action === 'changeStatus');
    expect(entry).toMatchObject({ module: 'application', outcome: 'ok', memberId: t.admin.mid });
    const view = await t.get<{ changes: { field: string; before: unknown; after: unknown }[] }>(
      '/admin/v1/sys/auditLogs/view',
      { id: entry!.id },
      t.admin,
    );
    expect(view.data.changes).toContainEqual({ id, field: 'status', before: 'submitted', after: 'offer_conditional' });

    // The card was read at version 1: someone saved since, so the move is refused and nothing changes.
    const stale = await move({ id, version: 1, status: 'enrolled' });
    expect(stale.meta.code).toBe(409);
    expect(stale.meta.message).toBeTruthy();
    const refused = (await auditRows(id)).filter((r) => r.action === 'changeStatus').at(-1);
    expect(refused).toMatchObject({ outcome: 'refused', code: 409 });

    // A status that is not an enabled dictionary value is refused naming the field, as the form refuses it.
    const unknown = await move({ id, version: 2, status: 'no_such_status' });
    expect(unknown.meta.code).toBe(400);
    expect(unknown.meta.message).toMatch(/status/);
    const withdrawnIs = (status: 'enabled' | 'disabled') =>
      t.db.db
        .updateTable('dictEntry')
        .set({ status })
        .where('type', '=', 'application_status')
        .where('value', '=', 'withdrawn')
        .execute();
    await withdrawnIs('disabled');
    const disabled = await move({ id, version: 2, status: 'withdrawn' });
    expect(disabled.meta.code).toBe(400);
    await withdrawnIs('enabled');
    expect((await t.get<{ status: string }>(`${BASE}/view`, { id }, t.admin)).data.status).toBe('offer_conditional');

    // Odd input: 400 naming the field, never 500.
    for (const body of [
      { id, version: 'x', status: 'draft' },
      { id: 99999999999, version: 2, status: 'draft' },
      { id, version: 2, status: 'a\u0000b' },
      { id, version: 2 },
    ] as Values[]) {
      expect((await move(body)).meta.code).toBe(400);
    }
    expect((await move({ id: 987654, version: 1, status: 'draft' })).meta.code).toBe(404);
  });

  it('reads with the list permission and moves only with the update permission', async () => {
    const id = await create({ name: '權限' });
    await staffWith(t, 'boardviewer', [PERM.applicationList]);
    const viewer = await t.login('boardviewer', 'Staff#2026pass');
    expect((await t.get(`${BASE}/boardCounts`, {}, { token: viewer.token })).meta.code).toBe(200);
    expect((await t.get(`${BASE}/boardColumn`, { status: 'submitted' }, { token: viewer.token })).meta.code).toBe(200);
    expect((await move({ id, version: 1, status: 'draft' }, viewer.token)).meta.code).toBe(403);
    expect((await t.get(`${BASE}/boardCounts`, {})).meta.code).toBe(401);
    await staffWith(t, 'boardmover', [PERM.applicationList, PERM.applicationUpdate]);
    const mover = await t.login('boardmover', 'Staff#2026pass');
    expect((await move({ id, version: 1, status: 'draft' }, mover.token)).meta.code).toBe(200);
  });
});
