import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationSaved, BoardColumn, CycleOption, DueSoon, Page } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, fullForm } from '../../test/application-fixtures.js';
import { testClock, type Values } from '../../test/harness.js';

// 09:00 UTC on a UK day.
const at = (day: string) => Date.parse(`${day}T09:00:00Z`);

// One on-time deadline per UCAS choice (migration 0094): "this week", the reminders, the board and the save warnings
// agree, Oxford and Cambridge known by code or by name. The 2027 cycle: early deadline 2026-10-15, equal
// consideration 2027-01-13.
describe('the on-time UCAS deadline of a choice', () => {
  const clock = testClock(at('2026-10-01'));
  const t = useTestApp({ signIn: true, clock });
  let c2027: number;
  let admin: { token: string; mid: number };
  const ids: Record<string, number> = {};
  // Sessions follow the clock: sign in again on the new day.
  const moveTo = async (day: string) => {
    clock.set(at(day));
    admin = await t.login();
  };

  const ucas = (school: string, extra: Values = {}) => ({ school, route: 'ucas', cycleId: c2027, ...extra });
  const create = async (name: string, choice: Values, extra: Values = {}) => {
    const res = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({
        name,
        passportExpiryDate: '2036-01-01',
        languageScores: JSON.stringify([]),
        targetSchools: JSON.stringify([choice]),
        ...extra,
      }),
      admin,
    );
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data;
  };
  const byId = (id: number) => Object.keys(ids).find((k) => ids[k] === id)!;
  // "This week" of our applications on `day`: name, due date, days left.
  const weekOn = async (day: string) => {
    await moveTo(day);
    const res = await t.get<Page<DueSoon>>(`${BASE}/thisWeek`, { pageSize: 100 }, admin);
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data.list
      .filter((d) => d.kind === 'ucas' && byId(d.applicationId))
      .map((d) => [byId(d.applicationId), d.dueDate, d.daysLeft])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  };
  // The UCAS reminders the run on `day` made: name and due date.
  const remindersOn = async (day: string) => {
    await moveTo(day);
    const before = await t.db.db
      .selectFrom('applicationReminder')
      .select((eb) => eb.fn.max('id').as('m'))
      .execute();
    await t.app.reminders.run();
    const rows = await t.db.db
      .selectFrom('applicationReminder')
      .select(['applicationId', 'subjectKey', 'dueDate'])
      .where('kind', '=', 'ucas')
      .where('id', '>', Number(before[0]?.m ?? 0))
      .execute();
    return rows
      .filter((r) => byId(r.applicationId))
      .map((r) => [byId(r.applicationId), r.dueDate, r.subjectKey])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  };

  beforeAll(async () => {
    await moveTo('2026-10-01');
    const cycles = await t.get<CycleOption[]>('/api/v1/mc/admissionsCycle/options', {}, admin);
    c2027 = cycles.data.find((c) => c.entryYear === 2027)!.id;
    const choices: Record<string, Values> = {
      oxfordByName: ucas('University of Oxford'),
      cambridgeByName: ucas('Cambridge University'),
      oxfordByCode: ucas('Oxford', { institutionCode: 'o33' }),
      medicine: ucas('University of Leeds', { subjectArea: 'medicine' }),
      ordinary: ucas('UCL'),
      brookes: ucas('Oxford Brookes University'),
      // Saved before routes: a UCAS course code makes it a UCAS choice.
      noRoute: { school: 'KCL', ucasCode: 'A100', cycleId: c2027 },
      direct: { school: 'University of Oxford', route: 'direct', cycleId: c2027 },
    };
    for (const [name, choice] of Object.entries(choices)) ids[name] = (await create(name, choice)).id;
  });

  it('lists Oxford and Cambridge by name, medicine and O33 in the week of 15 October, as the reminders do', async () => {
    const early = [
      ['cambridgeByName', '2026-10-15', 7],
      ['medicine', '2026-10-15', 7],
      ['oxfordByCode', '2026-10-15', 7],
      ['oxfordByName', '2026-10-15', 7],
    ];
    expect(await weekOn('2026-10-08')).toEqual(early);
    // 7 days before: the reminders make one for each, on the early deadline, and for nothing else.
    expect(await remindersOn('2026-10-08')).toEqual(early.map(([name, due]) => [name, due, `ucas:${c2027}:early`]));
  });

  it('lists the other UCAS choices, not Oxford or Cambridge by name, in the week of the January deadline', async () => {
    const equal = [
      ['brookes', '2027-01-13', 3],
      ['noRoute', '2027-01-13', 3],
      ['ordinary', '2027-01-13', 3],
    ];
    expect(await weekOn('2027-01-10')).toEqual(equal);
    expect(await remindersOn('2027-01-10')).toEqual(equal.map(([name, due]) => [name, due, `ucas:${c2027}:equal`]));
  });

  it('shows the same deadline on the board card, and warns of it on save', async () => {
    await moveTo('2026-10-08');
    const col = await t.get<BoardColumn>(`${BASE}/boardColumn`, { status: 'submitted', pageSize: 50 }, admin);
    expect(col.meta.code, col.meta.message).toBe(200);
    const card = (name: string) => col.data.list.find((c) => c.id === ids[name])?.nextDeadline;
    expect(card('oxfordByName')).toEqual({ date: '2026-10-15', kind: 'early', school: 'University of Oxford' });
    expect(card('ordinary')).toEqual({ date: '2027-01-13', kind: 'equal', school: 'UCL' });
    expect(card('direct')).toBeNull();
    // Sent after 15 October: late for Oxford by name (the early deadline), not for UCL.
    const late = await create('lateOxford', ucas('University of Oxford', { applicationDate: '2026-11-01' }));
    expect(late.warnings.map((w) => w.field)).toEqual(['targetSchools.0.applicationDate']);
    expect(late.warnings[0]!.message).toContain('2026-10-15');
    const onTime = await create('onTimeUcl', ucas('UCL', { applicationDate: '2026-11-01' }));
    expect(onTime.warnings).toEqual([]);
    // The key is derived, not a change anyone made: the audit names the school, not the key.
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('changes')
      .where('recordType', '=', 'application')
      .where('recordId', '=', late.id)
      .execute();
    const changes = audit.map((r) => r.changes ?? '').join('\n');
    expect(changes).toContain('targetSchools[1].school');
    expect(changes).not.toContain('deadlineKey');
  });
});
