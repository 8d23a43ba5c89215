import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  AccountAddBody,
  APPLICATION_DICT,
  ApplicationCreateSchema,
  DictAddBody,
  DICT_TYPES,
  MemberAddBody,
  PERM,
  TagAddBody,
  type ApplicationInput,
  type ImportKind,
  type Locale,
  type MessageKey,
  type MessageParams,
  type Perm,
} from '@study-crm/shared';
import { AppError } from '../../http/errors.js';
import { problemFromIssue, type FieldProblem } from '../../http/validation.js';
import type { Conn } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { studentKeysOf, type CourseChoice, type StudentKeys } from '../application/index.js';
import type { AccessGuard, Actor } from '../role/index.js';
import type { ImportRepository } from './import.repository.js';

// What each kind of import reads from a row and how it writes it: through the same zod schema as the form and the
// same service call as the form's route (docs/import.md, decision 176).

// Why a row is refused, stored with the row and put into words in the reader's language when shown.
export type Reason = { key?: MessageKey; params?: MessageParams; column?: string; problem?: FieldProblem };
// A course choice of an application row, by its key (the student and the choice, hashed) and its column.
export type ChoiceKey = { key: string; column: string };
export type Checked =
  | { action: 'add'; body: unknown; key?: string; choices?: ChoiceKey[] }
  | { action: 'change'; body: unknown; targetId: number; key?: string }
  | { action: 'refuse'; reason: Reason };
export type Ctx = { actor: Actor; locale: Locale };

// A row refused while it is written (its reason as the checks give it), not an error of the run.
export class RowRefused extends Error {
  constructor(readonly reason: Reason) {
    super('row refused');
  }
}

// Each kind's import is reached with that list's add permission (a row that changes a record also needs the
// update permission, checked per row); its write job needs it still.
export const IMPORT_ACCESS: Record<ImportKind, Perm> = {
  application: PERM.applicationAdd,
  member: PERM.memberAdd,
  account: PERM.userAdd,
  dict: PERM.dictAdd,
  tag: PERM.tagAdd,
};
export type Cells = Record<string, string>;

export type KindDef = {
  // The permission a row that changes an existing record needs besides the route's own.
  changePerm?: string;
  check(cells: Cells, ctx: Ctx): Promise<Checked>;
  // Writes one checked row; answers the id of the record added or changed.
  write(body: unknown, targetId: number | null, ctx: Ctx): Promise<number>;
  // Removes a record this run added (all or nothing, when a later row fails while writing).
  undo?(id: number, ctx: Ctx): Promise<void>;
  // What a change is about to overwrite (read just before it), and putting it back (all or nothing, as `undo`).
  before?(id: number): Promise<unknown>;
  restore?(id: number, before: unknown, ctx: Ctx): Promise<void>;
  // Allowed values listed on the template's second sheet, by column key, read now (dictionary, roles).
  allowed(): Promise<Record<string, string[]>>;
  // The column a zod path belongs to.
  columnOf?(path: string): string;
};

// What the services of the kinds offer (their front doors).
export type ImportServices = {
  // Look-ups in the tables of members and roles, through their owners (people, role).
  memberIdWith(field: 'email' | 'loginName', value: string): Promise<number | undefined>;
  roleNames(): Promise<{ id: number; names: string[] }[]>;
  tags: {
    add(b: TagAddBody): Promise<{ id: number }>;
    update(b: TagAddBody & { id: number; version?: number }): Promise<{ id: number }>;
    remove(id: number): Promise<unknown>;
  };
  dict: {
    add(b: DictAddBody): Promise<{ id: number }>;
    update(b: DictAddBody & { id: number; version?: number }): Promise<{ id: number }>;
    remove(id: number): Promise<unknown>;
  };
  members: {
    add(b: MemberAddBody, actor: Actor): Promise<{ id: number }>;
    remove(id: number, actor: Actor): Promise<unknown>;
  };
  applications: {
    create(input: ApplicationInput, locale: Locale): Promise<{ id: number }>;
    heldChoices(who: StudentKeys, choices: CourseChoice[], tx?: Conn): Promise<CourseChoice[]>;
  };
  guard: Pick<AccessGuard, 'assertCanGrantRoles'>;
};

const blankToUndefined = (cells: Cells) =>
  Object.fromEntries(Object.entries(cells).map(([k, v]) => [k, v === '' ? undefined : v]));

function parse<S extends z.ZodType>(
  schema: S,
  input: unknown,
  columnOf: (path: string) => string = (p) => p.split('.')[0]!,
): { ok: true; data: z.output<S> } | { ok: false; reason: Reason } {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, data: r.data };
  const problem = problemFromIssue(r.error.issues[0]!, 'row', input);
  return { ok: false, reason: { column: columnOf(problem.field), problem } };
}

const refuse = (reason: Reason): Checked => ({ action: 'refuse', reason });
const fromError = (err: unknown): Reason => {
  if (err instanceof AppError) return { key: err.messageKey, params: err.params };
  throw err;
};

// A password nobody knows: imported accounts set theirs with "forgot password" (decision 177).
const unknownPassword = () => `${randomBytes(12).toString('base64url')}`.slice(0, 16);

function entryKind(
  table: 'tag' | 'dictEntry',
  schema: typeof TagAddBody | typeof DictAddBody,
  service: ImportServices['tags'] | ImportServices['dict'],
  repo: ImportRepository,
  changePerm: string,
  typeOptions: () => Promise<string[]>,
): KindDef {
  return {
    changePerm,
    async check(cells) {
      const p = parse(schema, blankToUndefined(cells));
      if (!p.ok) return refuse(p.reason);
      const b = p.data;
      const key = `${b.type}\u0000${b.value}`;
      const id = await repo.entryId(table, b.type, b.value);
      const labelId = await repo.entryLabelId(table, b.type, b.label);
      if (labelId !== undefined && labelId !== id)
        return refuse({ key: 'importRowExists', params: { value: b.label }, column: 'label' });
      return id === undefined ? { action: 'add', body: b, key } : { action: 'change', body: b, targetId: id, key };
    },
    async write(body, targetId) {
      const b = body as TagAddBody;
      return targetId === null ? (await service.add(b)).id : (await service.update({ ...b, id: targetId })).id;
    },
    async undo(id) {
      await service.remove(id);
    },
    before: (id) => repo.entry(table, id),
    // The fields as they were, with the version the run's own change gave the entry: an entry changed again since
    // (by someone else) is refused as a stale copy and keeps that change.
    async restore(id, before) {
      const b = before as (TagAddBody & { version: number }) | undefined;
      if (b) await service.update({ ...b, id, version: b.version + 1 });
    },
    allowed: async () => ({ type: await typeOptions() }),
  };
}

function personKind(memberType: 'staff' | 'account', services: ImportServices): KindDef {
  const schema = memberType === 'staff' ? MemberAddBody : AccountAddBody;
  return {
    async check(cells, ctx) {
      const input: Record<string, unknown> = { ...blankToUndefined(cells), password: unknownPassword() };
      let roleIds: number[] = [];
      if (memberType === 'staff') {
        const names = (cells.roles ?? '')
          .split(/[,，、;；]/)
          .map((n) => n.trim())
          .filter(Boolean);
        const roles = await services.roleNames();
        for (const name of names) {
          const role = roles.find((r) => r.names.includes(name.toLowerCase()));
          if (!role) return refuse({ key: 'importRowRole', params: { role: name }, column: 'roles' });
          roleIds.push(role.id);
        }
        roleIds = [...new Set(roleIds)];
        if (!roleIds.length) return refuse({ column: 'roles', problem: rolesRequired });
        delete input.roles;
        input.roleIds = roleIds;
        input.memberType = 'staff';
      }
      const p = parse(schema, input);
      if (!p.ok) return refuse(p.reason);
      const b = p.data as MemberAddBody;
      if (await services.memberIdWith('email', b.email))
        return refuse({ key: 'importRowExists', params: { value: b.email }, column: 'email' });
      if (b.loginName && (await services.memberIdWith('loginName', b.loginName)))
        return refuse({ key: 'importRowExists', params: { value: b.loginName }, column: 'loginName' });
      // Grants: never a role whose permissions the importer lacks (the same check as the form's).
      if (roleIds.length) {
        try {
          await services.guard.assertCanGrantRoles(ctx.actor, roleIds);
        } catch (err) {
          return refuse({ ...fromError(err), column: 'roles' });
        }
      }
      return { action: 'add', body: b, key: b.email.toLowerCase() };
    },
    async write(body, _targetId, ctx) {
      const b = body as MemberAddBody;
      const saved =
        memberType === 'staff'
          ? await services.members.add({ ...b, password: unknownPassword() }, ctx.actor)
          : await services.members.add(
              { ...b, password: unknownPassword(), memberType: b.memberType ?? 'student', roleIds: [] },
              ctx.actor,
            );
      return saved.id;
    },
    async undo(id, ctx) {
      await services.members.remove(id, ctx.actor);
    },
    async allowed(): Promise<Record<string, string[]>> {
      if (memberType !== 'staff') return {};
      const roles = await services.roleNames();
      return { roles: roles.map((r) => r.names[0]!).filter(Boolean) };
    },
  };
}

const DAY = 86_400_000;
// Excel counts days from 1899-12-30. Serial numbers from 61 (1900-03-01: before it Excel counts a 29 February 1900
// that never was) to 2100-12-31 are read as dates.
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const SERIAL_MAX = (Date.UTC(2100, 11, 31) - EXCEL_EPOCH) / DAY;
// A date column's cell as YYYY-MM-DD when the sheet stored a date: a date cell is read as its serial number (a whole
// number) or, stored as an ISO date (t="d"), as a date-time at midnight. Any other text stays as it is, for the
// form's schema to judge (a time of day, a fraction, a number out of range are refused there).
function sheetDate(text: string): string {
  if (/^\d{1,6}$/.test(text)) {
    const n = Number(text);
    return n >= 61 && n <= SERIAL_MAX ? new Date(EXCEL_EPOCH + n * DAY).toISOString().slice(0, 10) : text;
  }
  return /^(\d{4}-\d{2}-\d{2})T00:00(?::00(?:\.0+)?)?Z?$/.exec(text)?.[1] ?? text;
}
const DATE_COLUMNS = ['birthday', 'applicationDate', 'eduStartDate', 'eduEndDate', 'testDate'];

const rolesRequired: FieldProblem = { field: 'roleIds', reason: 'v.roleRequired', params: {} };

// How long a claim of a course choice may be held: writing one row takes milliseconds, so an older claim was left
// by a worker that stopped between its claim and its release.
const CLAIM_STALE_MS = 5 * 60_000;

// Each course choice of a row with its column and claim keys: one key per way the student is known (passport,
// e-mail, mobile; the form asks for an e-mail or a mobile), so two rows naming the student either way meet on a key.
export function choicesOf(b: ApplicationInput, schoolSlots: number[]) {
  const who = studentKeysOf(b);
  const ids = [
    who.passportKey && `p:${who.passportKey}`,
    who.emailKey && `e:${who.emailKey}`,
    who.mobile && `m:${who.areaCode}:${who.mobile}`,
  ].filter((id): id is string => !!id);
  return b.targetSchools.map((t, i) => {
    const school = t.school;
    const major = t.major ?? null;
    const cycleId = t.cycleId ?? null;
    const keys = ids.map((id) =>
      createHash('sha256')
        .update(JSON.stringify([id, school, major, cycleId]))
        .digest('hex'),
    );
    return { school, major, cycleId, column: `school${schoolSlots[i] ?? i + 1}`, keys };
  });
}
const sameChoice = (a: CourseChoice, b: CourseChoice) =>
  a.school === b.school && a.major === b.major && a.cycleId === b.cycleId;
const choiceText = (c: CourseChoice) => [c.school, c.major].filter(Boolean).join(' · ');
const takenReason = (c: { column: string } & CourseChoice): Reason => ({
  key: 'importRowApplicationExists',
  params: { choice: choiceText(c) },
  column: c.column,
});

// One application a row: its first three target schools, one education and one language score (decision 176).
function applicationKind(services: ImportServices, repo: ImportRepository, clock: Clock): KindDef {
  const slots = [1, 2, 3];
  // The row's course choices the student's live applications already hold, the first by its column.
  async function taken(b: ApplicationInput, schoolSlots: number[], tx?: Conn) {
    const choices = choicesOf(b, schoolSlots);
    const held = await services.applications.heldChoices(studentKeysOf(b), choices, tx);
    return choices.find((c) => held.some((h) => sameChoice(c, h)));
  }
  return {
    async check(cells) {
      const c = blankToUndefined({
        ...cells,
        ...Object.fromEntries(DATE_COLUMNS.map((k) => [k, sheetDate(cells[k] ?? '')])),
      }) as Record<string, string | undefined>;
      const schoolSlots = slots.filter((i) => c[`school${i}`] || c[`major${i}`]);
      const input = {
        name: c.name,
        engLastName: c.engLastName,
        engFirstName: c.engFirstName,
        gender: c.gender,
        nationality: c.nationality,
        birthday: c.birthday,
        passportNo: c.passportNo,
        email: c.email,
        areaCode: c.areaCode,
        mobile: c.mobile,
        status: c.status,
        applicationDate: c.applicationDate,
        importantNotes: c.importantNotes,
        targetSchools: schoolSlots.map((i) => ({ school: c[`school${i}`] ?? '', major: c[`major${i}`] })),
        educations:
          c.eduSchool || c.eduMajor || c.eduStartDate || c.eduEndDate || c.eduAttainment
            ? [
                {
                  school: c.eduSchool ?? '',
                  major: c.eduMajor,
                  startDate: c.eduStartDate,
                  endDate: c.eduEndDate,
                  attainment: c.eduAttainment,
                },
              ]
            : [],
        languageScores:
          c.testType || c.testDate || c.listening || c.reading || c.writing || c.speaking || c.total
            ? [
                {
                  testType: c.testType ?? '',
                  testDate: c.testDate,
                  listening: c.listening,
                  reading: c.reading,
                  writing: c.writing,
                  speaking: c.speaking,
                  total: c.total,
                },
              ]
            : [],
      };
      const columnOf = (path: string) => {
        const [section, index, field] = path.split('.');
        if (section === 'targetSchools')
          return `${field === 'major' ? 'major' : 'school'}${schoolSlots[Number(index)]}`;
        if (section === 'educations') return `edu${field![0]!.toUpperCase()}${field!.slice(1)}`;
        if (section === 'languageScores') return field!;
        return section!;
      };
      const p = parse(ApplicationCreateSchema, input, columnOf);
      if (!p.ok) return refuse(p.reason);
      const b = p.data;
      // The dictionary values, as the service checks them (enabled entries only).
      const checks: [string, string, string | null | undefined][] = [
        ['status', APPLICATION_DICT.status, b.status],
        ['gender', APPLICATION_DICT.gender, b.gender],
        ...b.languageScores.map((s): [string, string, string] => [
          'testType',
          APPLICATION_DICT.languageTestType,
          s.testType,
        ]),
      ];
      for (const [column, type, value] of checks) {
        if (value && !(await repo.enabledValues(type)).includes(value))
          return refuse({ column, problem: { field: column, reason: 'v.dictValue', params: { type, value } } });
      }
      // The student already applied for one of these courses (and intake): the row would add it again.
      const held = await taken(b, schoolSlots);
      if (held) return refuse(takenReason(held));
      const choices = choicesOf(b, schoolSlots).flatMap((c) => c.keys.map((key) => ({ key, column: c.column })));
      return { action: 'add', body: { ...b, schoolSlots }, choices };
    },
    // The choices are claimed, then checked against the applications in the same transaction; the application is
    // written after it commits and the claims released: a second writer of the same choice meanwhile is refused
    // its claim, and one after the release finds the application (decision 342).
    async write(body, _targetId, ctx) {
      const { schoolSlots, ...b } = body as ApplicationInput & { schoolSlots: number[] };
      const choices = choicesOf(b, schoolSlots);
      const keys = [...new Set(choices.flatMap((c) => c.keys))];
      if (!keys.length) return (await services.applications.create(b, ctx.locale)).id;
      const now = clock.now();
      await repo.transaction(async (tx) => {
        const busy = await repo.claimChoices(tx, keys, now, now - CLAIM_STALE_MS);
        const claimed = choices.find((c) => c.keys.some((k) => busy.includes(k)));
        if (claimed) throw new RowRefused(takenReason(claimed));
        const held = await taken(b, schoolSlots, tx);
        if (held) throw new RowRefused(takenReason(held));
      });
      try {
        return (await services.applications.create(b, ctx.locale)).id;
      } finally {
        await repo.releaseChoices(keys, now);
      }
    },
    async allowed() {
      return {
        status: await repo.enabledValues(APPLICATION_DICT.status),
        gender: await repo.enabledValues(APPLICATION_DICT.gender),
        testType: await repo.enabledValues(APPLICATION_DICT.languageTestType),
      };
    },
  };
}

export function importKinds(
  services: ImportServices,
  repo: ImportRepository,
  clock: Clock,
): Record<ImportKind, KindDef> {
  return {
    tag: entryKind('tag', TagAddBody, services.tags, repo, PERM.tagUpdate, () =>
      repo.enabledValues(DICT_TYPES.tagType),
    ),
    dict: entryKind('dictEntry', DictAddBody, services.dict, repo, PERM.dictUpdate, async () => []),
    member: personKind('staff', services),
    account: personKind('account', services),
    application: applicationKind(services, repo, clock),
  };
}
