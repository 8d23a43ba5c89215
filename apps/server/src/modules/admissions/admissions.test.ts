import { beforeAll, describe, expect, it } from 'vitest';
import { PERM, type ApplicationSaved, type ApplicationView, type Cycle, type CycleOption } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { BASE as APP, fullForm, staffWith } from '../../test/application-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';
import type { Values } from '../../test/harness.js';

const BASE = '/api/v1/mc/admissionsCycle';
// A new cycle's body for an entry year, its deadlines UCAS's usual days: 15 October before, 15 January, 30 June.
const cycleOf = (entryYear: number) => ({
  entryYear,
  earlyDeadline: `${entryYear - 1}-10-15`,
  equalDeadline: `${entryYear}-01-15`,
  finalDeadline: `${entryYear}-06-30`,
});

// Admissions cycles and the target-school rules that read them (issue 40), through the HTTP contract.
describe('admissions cycles', () => {
  const t = useTestApp({ signIn: true });

  it('seeds the 2026, 2027 and 2028 entry cycles with their UCAS deadlines at 18:00', async () => {
    const res = await t.get<CycleOption[]>(`${BASE}/options`, {}, t.admin);
    expect(res.meta.code).toBe(200);
    expect(
      res.data.map((c) => [c.entryYear, c.earlyDeadline, c.equalDeadline, c.finalDeadline, c.deadlineTime]),
    ).toEqual([
      [2026, '2025-10-15', '2026-01-14', '2026-06-30', '18:00'],
      [2027, '2026-10-15', '2027-01-13', '2027-06-30', '18:00'],
      [2028, '2027-10-15', '2028-01-12', '2028-06-30', '18:00'],
    ]);
  });

  it('adds a cycle, refuses a second one for the same entry year, updates it with its version and removes it', async () => {
    const body = cycleOf(2031);
    const added = await t.post<Cycle>(`${BASE}/add`, body, t.admin);
    expect(added.meta.code).toBe(200);
    expect(added.data).toMatchObject({ ...body, deadlineTime: '18:00', status: 'enabled', version: 1 });
    const again = await t.post(`${BASE}/add`, body, t.admin);
    expect(again.meta.code).toBe(7940);
    expect(again.meta.message).toContain('2031');

    const moved = await t.post<Cycle>(
      `${BASE}/update`,
      { ...body, id: added.data.id, version: 1, equalDeadline: '2031-01-20' },
      t.admin,
    );
    expect(moved.data).toMatchObject({ equalDeadline: '2031-01-20', version: 2 });
    const stale = await t.post(`${BASE}/update`, { ...body, id: added.data.id, version: 1 }, t.admin);
    expect(stale.meta.code).toBe(409);

    const list = await t.get<{ list: Cycle[] }>(`${BASE}/list`, {}, t.admin);
    expect(list.data.list[0]?.entryYear).toBe(2031);
    expect((await t.post(`${BASE}/remove`, { id: added.data.id }, t.admin)).meta.code).toBe(200);
  });

  it('finds cycles by entry year, by a part of their remarks and by status', async () => {
    const noted = await t.post<Cycle>(`${BASE}/add`, { ...cycleOf(2033), remarks: 'Pilot intake' }, t.admin);
    const off = await t.post<Cycle>(`${BASE}/add`, { ...cycleOf(2034), status: 'disabled' }, t.admin);
    const years = async (q: Values) =>
      (await t.get<{ list: Cycle[] }>(`${BASE}/list`, q, t.admin)).data.list.map((c) => c.entryYear);
    expect(await years({ keyword: '2033' })).toEqual([2033]);
    expect(await years({ keyword: 'PILOT' })).toEqual([2033]);
    expect(await years({ keyword: 'pilot', status: 'disabled' })).toEqual([]);
    expect(await years({ status: 'disabled' })).toEqual([2034]);
    expect(await years({ status: 'enabled', order: 'asc' })).toEqual([2026, 2027, 2028, 2033]);
    for (const c of [noted.data, off.data]) await t.post(`${BASE}/remove`, { id: c.id }, t.admin);
  });

  it('refuses deadlines out of order and a bad time, naming the field', async () => {
    const base = cycleOf(2032);
    expectParamError(await t.post(`${BASE}/add`, { ...base, equalDeadline: '2031-10-01' }, t.admin), 'equalDeadline');
    expectParamError(await t.post(`${BASE}/add`, { ...base, finalDeadline: '2032-01-01' }, t.admin), 'finalDeadline');
    expectParamError(await t.post(`${BASE}/add`, { ...base, deadlineTime: '25:00' }, t.admin), 'deadlineTime');
    expectParamError(await t.post(`${BASE}/add`, { ...base, earlyDeadline: '2031-02-30' }, t.admin), 'earlyDeadline');
  });

  it('answers 401 without a session and 403 without the permission; the options need only the application list', async () => {
    expect((await t.get(`${BASE}/list`, {})).meta.code).toBe(401);
    await staffWith(t, 'cyclereader', [PERM.applicationList]);
    const reader = await t.login('cyclereader', 'Staff#2026pass');
    expect((await t.get(`${BASE}/options`, {}, reader)).meta.code).toBe(200);
    expect((await t.get(`${BASE}/list`, {}, reader)).meta.code).toBe(403);
    expect((await t.post(`${BASE}/add`, cycleOf(2033), reader)).meta.code).toBe(403);
  });

  it('gives the administrator role the cycle and visa stage screens and their buttons', async () => {
    const perms = await t.db.db
      .selectFrom('rolePermission')
      .innerJoin('permission', 'permission.id', 'rolePermission.permissionId')
      .innerJoin('role', 'role.id', 'rolePermission.roleId')
      .select('permission.perm')
      .where('role.name', '=', 'ROLE_ADMIN')
      .where('permission.perm', 'like', 'admissions:%')
      .execute();
    expect(perms.map((p) => p.perm).sort()).toEqual(
      [
        PERM.cycleAdd,
        PERM.cycleList,
        PERM.cycleRemove,
        PERM.cycleUpdate,
        PERM.visaStageAdd,
        PERM.visaStageList,
        PERM.visaStageRemove,
        PERM.visaStageUpdate,
      ].sort(),
    );
  });
});

describe('target-school choice rules', () => {
  const t = useTestApp({ signIn: true });
  let c2027: number;
  let c2028: number;
  const save = (schools: Values[], v: Values = {}) =>
    t.post<ApplicationSaved>(`${APP}/create`, fullForm({ targetSchools: JSON.stringify(schools), ...v }), t.admin);
  const ucas = (school: string, extra: Values = {}) => ({ school, route: 'ucas', cycleId: c2027, ...extra });
  const reason = (message: string) => message.replace(/\. Check it and try again\. \[400 · .*\]$/, '');

  beforeAll(async () => {
    const cycles = await t.get<CycleOption[]>(`${BASE}/options`, {}, t.admin);
    c2027 = cycles.data.find((c) => c.entryYear === 2027)!.id;
    c2028 = cycles.data.find((c) => c.entryYear === 2028)!.id;
  });

  it('keeps five UCAS choices in a cycle and refuses the sixth, naming its row', async () => {
    const five = ['UCL', 'KCL', 'LSE', 'Bristol', 'Warwick'].map((s) => ucas(s));
    const ok = await save(five);
    expect(ok.meta.code).toBe(200);
    const six = await save([...five, ucas('Durham')]);
    expectParamError(six, 'targetSchools.5.route');
    expect(reason(six.meta.message)).toContain('at most 5 UCAS choices per admissions cycle');
    // Another cycle and direct (postgraduate) applications have their own count.
    expect((await save([...five, ucas('Durham', { cycleId: c2028 })])).meta.code).toBe(200);
    expect((await save([...five, { school: 'Imperial', route: 'direct', cycleId: c2027 }])).meta.code).toBe(200);
  });

  it('refuses Oxford and Cambridge in one cycle, by name or by UCAS institution code', async () => {
    const both = await save([ucas('University of Oxford'), ucas('Trinity College', { institutionCode: 'c05' })]);
    expectParamError(both, 'targetSchools.1.school');
    expect(both.meta.message).toContain('Oxford and Cambridge cannot both be chosen');
    expect((await save([ucas('University of Oxford'), ucas('Oxford Brookes University')])).meta.code).toBe(200);
    expect(
      (await save([ucas('University of Oxford'), ucas('University of Cambridge', { cycleId: c2028 })])).meta.code,
    ).toBe(200);
  });

  it('refuses a fifth medicine, dentistry or veterinary choice', async () => {
    const medical = ['medicine', 'dentistry', 'veterinary', 'medicine'].map((a, i) =>
      ucas(`Medical School ${i}`, { subjectArea: a }),
    );
    expect((await save(medical)).meta.code).toBe(200);
    const five = await save([...medical, ucas('Medical School 5', { subjectArea: 'medicine' })]);
    expectParamError(five, 'targetSchools.4.subjectArea');
    expect(five.meta.message).toContain('at most 4 choices in medicine');
  });

  it('allows one firm and one insurance reply, each on an offer', async () => {
    const offers = [
      ucas('UCL', { decision: 'conditional', reply: 'firm' }),
      ucas('KCL', { decision: 'unconditional', reply: 'insurance' }),
      ucas('LSE', { decision: 'conditional', reply: 'declined' }),
    ];
    const ok = await save(offers);
    expect(ok.meta.code).toBe(200);
    const view = await t.get<ApplicationView>(`${APP}/view`, { id: ok.data.id }, t.admin);
    expect(view.data.targetSchools.map((s) => [s.decision, s.reply, s.cycleId, s.route])).toEqual([
      ['conditional', 'firm', c2027, 'ucas'],
      ['unconditional', 'insurance', c2027, 'ucas'],
      ['conditional', 'declined', c2027, 'ucas'],
    ]);
    const twoFirm = await save([...offers, ucas('Bristol', { decision: 'conditional', reply: 'firm' })]);
    expectParamError(twoFirm, 'targetSchools.3.reply');
    expect(twoFirm.meta.message).toContain('only one choice per admissions cycle can be the firm choice');
    const twoIns = await save([...offers, ucas('Bristol', { decision: 'conditional', reply: 'insurance' })]);
    expect(twoIns.meta.message).toContain('insurance choice');
    const noOffer = await save([ucas('Bristol', { decision: 'unsuccessful', reply: 'firm' })]);
    expectParamError(noOffer, 'targetSchools.0.reply');
    expectParamError(await save([ucas('Bristol', { decision: 'maybe' })]), 'targetSchools.0.decision');
  });

  it('defaults the decision to pending and refuses an unknown cycle', async () => {
    const ok = await save([ucas('UCL')]);
    const view = await t.get<ApplicationView>(`${APP}/view`, { id: ok.data.id }, t.admin);
    expect(view.data.targetSchools[0]?.decision).toBe('pending');
    const bad = await save([ucas('UCL', { cycleId: 999999 })]);
    expectParamError(bad, 'targetSchools.0.cycleId');
    expect(bad.meta.message).toContain('is not a configured admissions cycle');
  });

  it('flags an early-deadline course after 15 October and a choice after the equal-consideration deadline', async () => {
    const res = await save([
      ucas('University of Oxford', { applicationDate: '2026-10-15' }),
      ucas('Imperial College London', { subjectArea: 'medicine', applicationDate: '2026-10-16' }),
      ucas('UCL', { applicationDate: '2027-01-13' }),
      ucas('KCL', { applicationDate: '2027-01-14' }),
      ucas('LSE', { applicationDate: '2027-07-01' }),
    ]);
    expect(res.meta.code).toBe(200);
    expect(res.data.warnings.map((w) => w.field)).toEqual([
      'targetSchools.1.applicationDate',
      'targetSchools.3.applicationDate',
      'targetSchools.4.applicationDate',
    ]);
    expect(res.data.warnings[0]?.message).toContain(
      'Choice 2 Imperial College London: 2026-10-16 is after the early deadline 2026-10-15',
    );
    expect(res.data.warnings[1]?.message).toContain('after the equal-consideration deadline 2027-01-13');
    expect(res.data.warnings[2]?.message).toContain('Clearing only');
  });

  it('follows an administrator moving a deadline, without a release', async () => {
    const cycles = await t.get<{ list: Cycle[] }>(`${BASE}/list`, {}, t.admin);
    const c = cycles.data.list.find((x) => x.id === c2028)!;
    const late = () => save([ucas('UCL', { cycleId: c2028, applicationDate: '2028-01-20' })]);
    expect((await late()).data.warnings).toHaveLength(1);
    const moved = await t.post(
      `${BASE}/update`,
      { ...c, equalDeadline: '2028-01-26', remarks: 'UCAS moved the date' },
      t.admin,
    );
    expect(moved.meta.code).toBe(200);
    expect((await late()).data.warnings).toEqual([]);
    // A cycle that choices name cannot be removed.
    const removed = await t.post(`${BASE}/remove`, { id: c2028 }, t.admin);
    expect(removed.meta.code).toBe(7941);
  });
});
