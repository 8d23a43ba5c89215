import {
  addMonths,
  APPLICATION_DEFAULT_STATUS,
  APPLICATION_DICT,
  Code,
  completionPercent,
  deadlineFlags,
  formatMessage,
  TARGET_DEFAULT_DECISION,
  PASSPORT_WARN_MONTHS,
  type ApplicationDuplicate,
  type ApplicationInput,
  type ApplicationListItem,
  type ApplicationSaved,
  type ApplicationSimple,
  type ApplicationView,
  type Locale,
  type Page,
  ukDay,
} from '@study-crm/shared';
import { AppError, badRequest, found, staleCopy } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { nextCursorOf, pageResult, pageWindow, readCursor } from '../../lib/paging.js';
import { assertDictValues, type DictCheck, type DictRepository } from '../dict/index.js';
import type { Conn } from '../../db/transaction.js';
import type { AdmissionsService } from '../admissions/index.js';
import { lowerEmail, memberMobile } from '../member/index.js';
import type { PeopleService } from '../people/index.js';
import { toApplicationListItem, toApplicationSimple, toApplicationView } from './application.mapper.js';
import type {
  ApplicationRepository,
  ApplicationRow,
  ApplicationValues,
  ChildRows,
  CourseChoice,
  FollowProgress,
  ListFilter,
  StudentKeys,
} from './application.repository.js';

export type ListInput = Omit<ListFilter, 'limit' | 'offset' | 'sortField' | 'order' | 'after'> & {
  cursor?: string | null | undefined;
  pageNum?: number | null | undefined;
  pageSize?: number | null | undefined;
  sortField?: ListFilter['sortField'] | null | undefined;
  order?: 'asc' | 'desc' | null | undefined;
};

// Non-blocking advice returned with a save; six months after 31 August is the last day of February (the shared
// addMonths), not 3 March.
export function passportWarnings(input: ApplicationInput, locale: Locale) {
  const dates = input.targetSchools
    .map((s) => s.applicationDate)
    .filter((d): d is string => !!d)
    .sort();
  const earliest = dates[0];
  const expiry = input.passportExpiryDate;
  if (!earliest || !expiry || expiry >= addMonths(earliest, PASSPORT_WARN_MONTHS)) return [];
  return [
    {
      field: 'passportExpiryDate',
      message: formatMessage('w.passportExpiresSoon', locale, { expiry, date: earliest }),
    },
  ];
}

// The deadline advice of a save (issue 40): a UCAS choice applied after its cycle's on-time or final deadline.
async function deadlineWarnings(input: ApplicationInput, locale: Locale, cycles: CycleReader) {
  const ids = input.targetSchools.map((s) => s.cycleId).filter((id): id is number => !!id);
  if (!ids.length) return [];
  const dates = await cycles.datesOf(ids);
  return deadlineFlags(input.targetSchools, dates).map((f) => {
    const row = input.targetSchools[f.index];
    return {
      field: `targetSchools.${f.index}.applicationDate`,
      message: formatMessage(f.message as 'w.lateApplication', locale, {
        n: f.index + 1,
        school: row?.school ?? '',
        date: row?.applicationDate ?? '',
        deadline: f.deadline,
        entry: f.entry,
      }),
    };
  });
}

// Every cycle a save names must exist: a 400 naming the row otherwise.
async function checkCycles(input: ApplicationInput, cycles: CycleReader) {
  const ids = input.targetSchools.map((s) => s.cycleId).filter((id): id is number => !!id);
  if (!ids.length) return;
  const known = new Set((await cycles.datesOf(ids)).map((c) => c.id));
  const bad = input.targetSchools.findIndex((s) => s.cycleId && !known.has(s.cycleId));
  if (bad >= 0) throw badRequest(`targetSchools.${bad}.cycleId`, 'v.cycle');
}

function childRows(input: ApplicationInput): ChildRows {
  const n = <T>(v: T | null | undefined) => v ?? null;
  return {
    educations: input.educations.map((r) => ({
      startDate: n(r.startDate),
      endDate: n(r.endDate),
      school: r.school,
      location: n(r.location),
      major: n(r.major),
      attainment: n(r.attainment),
      gpa: n(r.gpa),
    })),
    jobs: input.jobs.map((r) => ({
      startDate: n(r.startDate),
      endDate: n(r.endDate),
      unitName: r.unitName,
      title: n(r.title),
      content: n(r.content),
    })),
    languageScores: input.languageScores.map((r) => ({
      testType: r.testType,
      testDate: n(r.testDate),
      futureBooking: r.futureBooking ?? 0,
      registrationNo: n(r.registrationNo),
      isUkvi: r.isUkvi ?? 0,
      candidateId: n(r.candidateId),
      reportFormNo: n(r.reportFormNo),
      testName: n(r.testName),
      listening: n(r.listening),
      reading: n(r.reading),
      writing: n(r.writing),
      speaking: n(r.speaking),
      total: n(r.total),
    })),
    referrers: input.referrers.map((r) => ({
      webPush: r.webPush ?? 0,
      lastName: r.lastName,
      firstName: n(r.firstName),
      areaCode: n(r.areaCode),
      mobile: n(r.mobile),
      gender: n(r.gender),
      position: n(r.position),
      email: n(r.email),
      unit: n(r.unit),
      address: n(r.address),
      postcode: n(r.postcode),
    })),
    targetSchools: input.targetSchools.map((r) => ({
      school: r.school,
      major: n(r.major),
      ucasCode: r.ucasCode ? r.ucasCode.toUpperCase() : null,
      applicationDate: n(r.applicationDate),
      majorLink: n(r.majorLink),
      cycleId: n(r.cycleId),
      route: n(r.route),
      institutionCode: r.institutionCode ? r.institutionCode.toUpperCase() : null,
      subjectArea: n(r.subjectArea),
      decision: r.decision ?? TARGET_DEFAULT_DECISION,
      reply: n(r.reply),
    })),
  };
}

function personalValues(input: ApplicationInput, now: number): Omit<ApplicationValues, 'memberId'> {
  const n = <T>(v: T | null | undefined) => v ?? null;
  return {
    name: input.name,
    engLastName: n(input.engLastName),
    engFirstName: n(input.engFirstName),
    formerName: n(input.formerName),
    gender: n(input.gender),
    religion: n(input.religion),
    nationality: n(input.nationality),
    birthday: n(input.birthday),
    birthplace: n(input.birthplace),
    passportNo: n(input.passportNo),
    passportIssuePlace: n(input.passportIssuePlace),
    passportIssueDate: n(input.passportIssueDate),
    passportExpiryDate: n(input.passportExpiryDate),
    areaCode: input.areaCode ? input.areaCode.replace(/^\+/, '') : null,
    // As member rows keep them, so the student already holding them is found (never a second one).
    mobile: memberMobile(input.areaCode, input.mobile),
    landline: n(input.landline),
    email: lowerEmail(input.email),
    addressLine1: n(input.addressLine1),
    addressLine2: n(input.addressLine2),
    city: n(input.city),
    country: n(input.country),
    postcode: n(input.postcode),
    importantNotes: n(input.importantNotes),
    // The day the save is made in the UK (the reminders' day), not the UTC one.
    applicationDate: input.applicationDate ?? ukDay(now),
    status: input.status ?? APPLICATION_DEFAULT_STATUS,
    signingTeacherId: n(input.signingTeacherId),
    followTeacherId: n(input.followTeacherId),
  };
}

// The dictionary-backed fields of a save, each naming its request field (row-level ones name the row).
function dictChecks(input: ApplicationInput): DictCheck[] {
  return [
    { field: 'status', type: APPLICATION_DICT.status, value: input.status },
    { field: 'gender', type: APPLICATION_DICT.gender, value: input.gender },
    ...input.languageScores.map((r, i) => ({
      field: `languageScores.${i}.testType`,
      type: APPLICATION_DICT.languageTestType,
      value: r.testType,
    })),
    ...input.referrers.map((r, i) => ({
      field: `referrers.${i}.gender`,
      type: APPLICATION_DICT.gender,
      value: r.gender,
    })),
  ];
}

export type ApplicationServiceDeps = {
  repo: ApplicationRepository;
  people: PeopleService;
  dict: Pick<DictRepository, 'enabledValues' | 'options'>;
  // The follow-up module's count of each application's items: the follow-up table is that module's.
  followProgress: (applicationIds: readonly number[]) => Promise<Map<number, FollowProgress>>;
  // The admissions module's cycle dates, which the choice rules read.
  cycles: CycleReader;
  clock: Clock;
};
export type CycleReader = Pick<AdmissionsService, 'datesOf'>;
type TeacherIds = { signingTeacherId?: number | null; followTeacherId?: number | null };

// An application as other modules need it (payments, follow-up items): its name, student and signing teacher.
export type ApplicationSummary = { id: number; name: string; memberId: number | null; signingTeacherId: number | null };

// What an e-mail may show of an application (the mail module's template variables, decision 33).
export type ApplicationMailContext = {
  student: { name: string; engName: string; email: string };
  application: { status: string; date: string; targetSchools: string };
  teacher: { signing: string; follow: string };
};

// A student as application rows name them (as the table stores them, decision 342): the member given, the passport
// number without spaces in capitals, the e-mail and mobile as member rows keep them (no separators, no trunk 0) and
// the area code without "+" (the mobile only with its area code). The form's duplicate check and the import's
// claims and check use it.
export function studentKeysOf(
  b: Pick<ApplicationInput, 'passportNo' | 'email' | 'areaCode' | 'mobile'>,
  memberId: number | null = null,
): StudentKeys {
  const phone = !!b.areaCode && !!b.mobile;
  return {
    memberId,
    passportKey: b.passportNo ? b.passportNo.replace(/\s+/g, '').toUpperCase() : null,
    emailKey: lowerEmail(b.email),
    areaCode: phone ? b.areaCode!.replace(/^\+/, '') : null,
    mobile: phone ? memberMobile(b.areaCode, b.mobile) : null,
  };
}

// A save naming a course (school, course and intake) that one of the student's live applications already holds:
// refused with 7944 naming the first such application (its id in the data, for the form's link to it) when the
// caller asks (`checkDuplicate`: the form asks, and leaves it out once the user confirms; spec callers that do not
// know it save as before). Run in the save's transaction once its student is known, so the student is matched by
// that member too (decision 370), besides the passport number, e-mail and area code + mobile (studentKeysOf, the
// import's keys), and after the caller took the student's lock (decision 372): two saves for one student are
// checked one after the other, each seeing what the other wrote. An edit checks only the choices it adds while its
// student keeps the record's keys (every choice once a key is new), against the student's other applications
// (`exceptId`).
async function assertNotApplied(
  repo: Pick<ApplicationRepository, 'heldChoices'>,
  tx: Conn,
  who: StudentKeys,
  choices: readonly CourseChoice[],
  exceptId?: number,
) {
  const [held] = await repo.heldChoices(who, choices, tx, exceptId);
  if (held)
    // (Without a cycle on either, neither names an intake: the message says so rather than "the same intake".)
    throw new AppError(
      Code.APPLICATION_DUPLICATE,
      held.cycleId === null ? 'applicationDuplicateNoIntake' : 'applicationDuplicate',
      { choice: [held.school, held.major].filter(Boolean).join(' · '), id: held.applicationId },
      { applicationId: held.applicationId } satisfies ApplicationDuplicate,
    );
}

// A save's course choices, as heldChoices compares them.
const choicesOf = (input: ApplicationInput): CourseChoice[] =>
  input.targetSchools.map((t) => ({ school: t.school, major: t.major ?? null, cycleId: t.cycleId ?? null }));
const sameChoice = (a: CourseChoice, b: CourseChoice) =>
  a.school === b.school && a.major === b.major && (a.cycleId ?? 0) === (b.cycleId ?? 0);
// Whether a student has a key (studentKeysOf's) that the stored one has not: the applications it matches may then
// be others than those the stored record's student matched.
const hasNewKey = (who: StudentKeys, stored: StudentKeys) =>
  (!!who.memberId && who.memberId !== stored.memberId) ||
  (!!who.passportKey && who.passportKey !== stored.passportKey) ||
  (!!who.emailKey && who.emailKey !== stored.emailKey) ||
  (!!who.areaCode && !!who.mobile && (who.areaCode !== stored.areaCode || who.mobile !== stored.mobile));

export function createApplicationService({
  repo,
  people,
  dict,
  followProgress,
  cycles,
  clock,
}: ApplicationServiceDeps) {
  // A new teacher must be active staff; one the record already names stays when they leave, so their records still
  // save (`stored` is read only then).
  async function checkTeachers(v: TeacherIds, stored?: () => Promise<TeacherIds | undefined>) {
    for (const field of ['signingTeacherId', 'followTeacherId'] as const) {
      const id = v[field];
      if (!id || (await people.isActiveStaff(id))) continue;
      if (stored && (await stored())?.[field] === id) continue;
      throw badRequest(field, 'v.staff');
    }
  }

  async function ratios(ids: number[]) {
    return ratiosFrom(await followProgress(ids));
  }
  function ratiosFrom(counts: ReadonlyMap<number, FollowProgress>) {
    return (id: number) => {
      const c = counts.get(id) ?? { done: 0, total: 0 };
      return { followDone: c.done, followTotal: c.total, completionRatio: completionPercent(c.done, c.total) };
    };
  }

  async function mustFind(id: number): Promise<ApplicationRow> {
    const row = found(await repo.find(id));
    return row;
  }

  // The student given must be a member of type student, never a staff account (issue 38).
  async function checkStudent(id: number | null | undefined) {
    if (id && !(await people.isStudent(id))) throw badRequest('studentId', 'v.student');
  }

  return {
    staffOptions: () => people.staffOptions(),

    async list(input: ListInput): Promise<Page<ApplicationListItem> & { nextCursor: string | null }> {
      const w = pageWindow(input);
      const sortField = input.sortField ?? 'applicationDate';
      const { cursor, ...filter } = input;
      let after: ListFilter['after'] = null;
      if (cursor) {
        if (sortField !== 'applicationDate') throw badRequest('cursor', 'v.format');
        const { key, id } = readCursor(cursor);
        after = { applicationDate: key, id };
      }
      // (On PostgreSQL the page's statement has read the teachers' names and the progress too: decision 288.)
      const {
        rows,
        total,
        schools,
        names: carriedNames,
        progress,
      } = await repo.list({
        ...filter,
        sortField,
        order: w.order,
        limit: w.limit,
        offset: w.offset,
        after,
      });
      const nextCursor = sortField === 'applicationDate' ? nextCursorOf(rows, w.limit, (r) => r.applicationDate) : null;
      const ids = rows.map((r) => r.id);
      const [ratioOf, names] = await Promise.all([
        progress ? ratiosFrom(progress) : ratios(ids),
        carriedNames ?? people.names(rows.flatMap((r) => [r.signingTeacherId, r.followTeacherId])),
      ]);
      const list = rows.map((r) => toApplicationListItem(r, names, schools.get(r.id) ?? [], ratioOf(r.id)));
      return { ...pageResult(list, total, w), nextCursor };
    },

    async simpleInfo(id: number): Promise<ApplicationSimple> {
      const r = await mustFind(id);
      const [ratioOf, names] = await Promise.all([ratios([id]), people.names([r.signingTeacherId, r.followTeacherId])]);
      return toApplicationSimple(r, names, ratioOf(id));
    },

    // The values e-mail templates use; undefined when there is no such application.
    async mailContext(id: number): Promise<ApplicationMailContext | undefined> {
      const r = await repo.find(id);
      if (!r) return undefined;
      const [schools, names, statuses] = await Promise.all([
        repo.targetSchoolNames([id]),
        people.names([r.signingTeacherId, r.followTeacherId]),
        dict.options(APPLICATION_DICT.status),
      ]);
      const nameOf = (teacherId: number | null) => (teacherId ? (names.get(teacherId)?.name ?? '') : '');
      return {
        student: {
          name: r.name,
          engName: [r.engFirstName, r.engLastName].filter(Boolean).join(' '),
          email: r.email ?? '',
        },
        application: {
          status: statuses.find((s) => s.value === r.status)?.label ?? r.status,
          date: r.applicationDate,
          targetSchools: schools.map((s) => s.school).join(', '),
        },
        teacher: { signing: nameOf(r.signingTeacherId), follow: nameOf(r.followTeacherId) },
      };
    },

    // Undefined for an unknown application; `tx` joins the caller's transaction.
    async summaryOf(id: number, tx?: Conn): Promise<ApplicationSummary | undefined> {
      const r = await repo.find(id, tx);
      return r && { id: r.id, name: r.name, memberId: r.memberId, signingTeacherId: r.signingTeacherId };
    },

    async view(id: number): Promise<ApplicationView> {
      const r = await mustFind(id);
      return toApplicationView(r, await repo.children(id));
    },

    // The course choices a student's live applications already hold (the import's duplicate check, decision 342).
    heldChoices: repo.heldChoices,

    async create(input: ApplicationInput, locale: Locale): Promise<ApplicationSaved> {
      await assertDictValues(dict, dictChecks(input));
      await checkTeachers(input);
      await checkStudent(input.studentId);
      await checkCycles(input, cycles);
      const warnings = [...passportWarnings(input, locale), ...(await deadlineWarnings(input, locale, cycles))];
      const now = clock.now();
      const values = personalValues(input, now);
      return repo.transaction(async (tx) => {
        // The student member: the one given, else the student already holding this e-mail/mobile,
        // else a new student member (no password). A contact owned by staff is not linked.
        let memberId = input.studentId ?? null;
        if (!memberId) {
          const found = await people.findByContact(tx, values.email, values.areaCode, values.mobile);
          if (found?.memberType === 'student') memberId = found.id;
          else if (!found) {
            memberId =
              (await people.insertStudent(
                tx,
                {
                  fullName: values.name,
                  engLastName: values.engLastName,
                  engFirstName: values.engFirstName,
                  email: values.email,
                  areaCode: values.mobile ? values.areaCode : null,
                  mobile: values.mobile,
                },
                now,
              )) ?? null;
            if (memberId === null) {
              const again = await people.findByContact(tx, values.email, values.areaCode, values.mobile);
              memberId = again?.memberType === 'student' ? again.id : null;
            }
          }
        }
        if (input.checkDuplicate) {
          const who = studentKeysOf(input, memberId);
          await repo.lockStudent(tx, who);
          await assertNotApplied(repo, tx, who, choicesOf(input));
        }
        const id = await repo.insert(tx, { ...values, memberId }, now);
        await repo.replaceChildren(tx, id, childRows(input));
        return { id, version: 1, studentId: memberId, warnings };
      });
    },

    async update(input: ApplicationInput & { id: number; version: number }, locale: Locale): Promise<ApplicationSaved> {
      await assertDictValues(dict, dictChecks(input));
      const current = await mustFind(input.id);
      await checkTeachers(input, async () => current);
      // A record linked before this check keeps its student; a change of student must name a student.
      if (input.studentId !== current.memberId) await checkStudent(input.studentId);
      await checkCycles(input, cycles);
      const warnings = [...passportWarnings(input, locale), ...(await deadlineWarnings(input, locale, cycles))];
      const now = clock.now();
      const values = personalValues(input, now);
      return repo.transaction(async (tx) => {
        const memberId = input.studentId ?? current.memberId;
        if (input.checkDuplicate) {
          const who = studentKeysOf(input, memberId);
          await repo.lockStudent(tx, who);
          // The choices the edit adds or changes, or all of them when the student has a key the record did not
          // (another student, or a key that may link other applications); none is checked when the record is no
          // longer at the version the form read (the write below refuses it as a stale copy).
          const stored = await repo.choicesAt(tx, input.id, input.version);
          const checked =
            stored &&
            (hasNewKey(who, stored.student)
              ? choicesOf(input)
              : choicesOf(input).filter((c) => !stored.choices.some((s) => sameChoice(s, c))));
          if (checked?.length) await assertNotApplied(repo, tx, who, checked, input.id);
        }
        const saved = await repo.updateForm(tx, input.id, input.version, { ...values, memberId }, now);
        if (!saved) throw staleCopy();
        await repo.replaceChildren(tx, input.id, childRows(input));
        return {
          id: input.id,
          version: saved.version,
          studentId: memberId,
          warnings,
        };
      });
    },

    async updateOther(input: {
      id: number;
      version?: number | null | undefined;
      importantNotes?: string | null | undefined;
      status?: string | null | undefined;
      signingTeacherId?: number | null | undefined;
      followTeacherId?: number | null | undefined;
    }): Promise<ApplicationSaved> {
      await assertDictValues(dict, [{ field: 'status', type: APPLICATION_DICT.status, value: input.status }]);
      await checkTeachers(input, () => repo.find(input.id));
      const now = clock.now();
      // The record is not read first: its status stays as it is when none is given, its student comes back from
      // the write. Only a write that finds no record at that version reads it, to tell a record that is not there
      // (404) from a stale copy (409), and throws inside the transaction, so nothing of it commits.
      return repo.transaction(async (tx) => {
        const saved = await repo.updateVersioned(
          tx,
          input.id,
          input.version ?? null,
          {
            importantNotes: input.importantNotes ?? null,
            status: input.status ?? undefined,
            signingTeacherId: input.signingTeacherId ?? null,
            followTeacherId: input.followTeacherId ?? null,
          },
          now,
        );
        if (!saved) {
          found(await repo.find(input.id, tx));
          throw staleCopy();
        }
        return { id: input.id, version: saved.version, studentId: saved.memberId, warnings: [] };
      });
    },
  };
}
export type ApplicationService = ReturnType<typeof createApplicationService>;
