import {
  casExpiry,
  courseBusiness,
  daysBetween,
  fundsLatestVisaDate,
  isStepFinished,
  languageExpiry,
  languageFlags,
  levelNeeded,
  stepProblems,
  type CycleDates,
  type DueSoon,
  type Page,
  type VisaChecklist,
  type VisaStage,
  type VisaStep,
  type VisaStepSaveBody,
} from '@study-crm/shared';
import { badRequest, found, staleCopy } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { pageResult, pageWindow, type PagingInput } from '../../lib/paging.js';
import type { PeopleService } from '../people/index.js';
import type { ApplicationRepository } from './application.repository.js';
import { courseStartOf, ukDay } from './reminder.service.js';
import type { VisaRepository, VisaStepRow, VisaStepValues } from './visa.repository.js';

export type VisaDeps = {
  repo: VisaRepository;
  applications: Pick<ApplicationRepository, 'find'>;
  people: Pick<PeopleService, 'isActiveStaff' | 'names'>;
  // The admissions module's enabled stages (checklist order) and cycle dates.
  stages: () => Promise<VisaStage[]>;
  cycles: (ids: readonly number[]) => Promise<CycleDates[]>;
  clock: Clock;
};

// What a saved step makes fall due (kept on the row for the reminders and "this week"): the CAS's last usable day,
// the last day to apply with the funds held, or, for any other step not finished, its own date.
function dueDateOf(kind: string | null, v: Pick<VisaStepValues, 'status' | 'stepDate' | 'fundsTo'>): string | null {
  if (kind === 'casIssued') return v.status === 'done' && v.stepDate ? casExpiry(v.stepDate) : null;
  if (kind === 'funds') return v.fundsTo && v.status !== 'notRequired' ? fundsLatestVisaDate(v.fundsTo) : null;
  return !isStepFinished(v.status) && v.stepDate ? v.stepDate : null;
}

// The Student visa checklist of each application (issue 40): one step per enabled stage, checked on save.
export function createVisaService({ repo, applications, people, stages, cycles, clock }: VisaDeps) {
  async function courseStart(applicationId: number): Promise<string | null> {
    const years = (await cycles(await repo.cycleIdsOf(applicationId))).map((c) => c.entryYear);
    return years.length ? courseStartOf(Math.min(...years)) : null;
  }

  async function stepsView(applicationId: number, rows: VisaStepRow[], list: VisaStage[]): Promise<VisaStep[]> {
    const [files, names] = await Promise.all([repo.filesOf(applicationId), people.names(rows.map((r) => r.ownerId))]);
    return list.map((st) => {
      const r = rows.find((x) => x.stageId === st.id);
      return {
        stageId: st.id,
        kind: st.kind,
        name: st.name,
        fileType: st.fileType,
        stepId: r?.id ?? null,
        status: (r?.status ?? 'pending') as VisaStep['status'],
        date: r?.stepDate ?? null,
        owner: r?.ownerId ? (names.get(r.ownerId) ?? { id: r.ownerId, name: '' }) : null,
        casNumber: r?.casNumber ?? null,
        fundsFrom: r?.fundsFrom ?? null,
        fundsTo: r?.fundsTo ?? null,
        dueDate: r?.dueDate ?? null,
        remarks: r?.remarks ?? null,
        version: r?.version ?? 0,
        files: files
          .filter((f) => f.visaStageId === st.id)
          .map((f) => ({ id: f.id, title: f.title, type: f.type, extension: f.extension, displayPath: f.displayPath })),
      };
    });
  }

  return {
    async checklist(applicationId: number): Promise<VisaChecklist> {
      found(await applications.find(applicationId));
      const [list, rows, scores, start, types] = await Promise.all([
        stages(),
        repo.stepsOf(applicationId),
        repo.scoresOf(applicationId),
        courseStart(applicationId),
        repo.businessTypesOf(applicationId),
      ]);
      const business = courseBusiness(types);
      const steps = await stepsView(applicationId, rows, list);
      return {
        applicationId,
        courseStart: start,
        levelNeeded: levelNeeded(business),
        done: steps.filter((s) => isStepFinished(s.status)).length,
        total: steps.length,
        steps,
        language: scores.map((s) => ({
          scoreId: s.id,
          testType: s.testType,
          testDate: s.testDate,
          validUntil: s.testDate && !s.futureBooking ? languageExpiry(s.testDate) : null,
          flags: languageFlags(s, start, business),
        })),
      };
    },

    // Saves one step; the rules (CAS number, the funds window, the CAS's six months) are checked against the
    // application's other steps in the same transaction.
    async saveStep(body: VisaStepSaveBody): Promise<VisaStep> {
      found(await applications.find(body.applicationId));
      const list = await stages();
      const stage = list.find((s) => s.id === body.stageId);
      if (!stage) throw badRequest('stageId', 'v.format');
      const values: VisaStepValues = {
        status: body.status,
        stepDate: body.date ?? null,
        ownerId: body.ownerId ?? null,
        casNumber: stage.kind === 'casIssued' ? (body.casNumber ?? null) || null : null,
        fundsFrom: stage.kind === 'funds' ? (body.fundsFrom ?? null) : null,
        fundsTo: stage.kind === 'funds' ? (body.fundsTo ?? null) : null,
        dueDate: null,
        remarks: body.remarks ?? null,
        updatedAt: clock.now(),
      };
      values.dueDate = dueDateOf(stage.kind, values);
      const kindOf = (stageId: number) => list.find((s) => s.id === stageId)?.kind ?? null;
      await repo.transaction(async (tx) => {
        // The rules read the other steps: a save of one of them waits until this one is written.
        await repo.lockApplication(tx, body.applicationId);
        const rows = await repo.stepsOf(body.applicationId, tx);
        const current = rows.find((r) => r.stageId === stage.id);
        // A new owner must be active staff; the step's own stays when they leave (the step still saves).
        if (body.ownerId && body.ownerId !== current?.ownerId && !(await people.isActiveStaff(body.ownerId, tx)))
          throw badRequest('ownerId', 'v.staff');
        const other = (kind: string) => rows.find((r) => kindOf(r.stageId) === kind && r.stageId !== stage.id);
        const problem = stepProblems(
          { kind: stage.kind, ...values, date: values.stepDate },
          {
            casIssued: other('casIssued')?.status === 'done' ? other('casIssued')?.stepDate : null,
            fundsTo: other('funds')?.fundsTo ?? null,
            visaApplied: other('visaApplied')?.stepDate ?? null,
          },
        )[0];
        if (problem) throw badRequest(problem.field, problem.reason as never);
        if (current) {
          if (!(await repo.update(tx, current.id, values, body.version))) throw staleCopy();
        } else if (
          body.version !== 0 ||
          !(await repo.insert(tx, body.applicationId, stage.id, values, values.updatedAt))
        )
          throw staleCopy();
      });
      const rows = await repo.stepsOf(body.applicationId);
      return (await stepsView(body.applicationId, rows, [stage]))[0]!;
    },

    // CAS expiries and funds windows due between the two dates (the reminders).
    reminderDue: (from: string, to: string) => repo.visaDue(from, to),

    // Finished steps of enabled stages per application, and how many stages there are (the follow-up ratio).
    async progressOf(applicationIds: readonly number[]) {
      const [finished, list] = await Promise.all([repo.finishedOf(applicationIds), stages()]);
      return { finished, total: list.length };
    },

    // The applications list's "this week": everything due from today to seven days on, soonest and riskiest first;
    // flagged language tests are those with an open reminder of kind languageFlag (decision 209, 218).
    async thisWeek(q: PagingInput): Promise<Page<DueSoon>> {
      const w = pageWindow(q);
      const today = ukDay(clock.now());
      const last = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
      const { rows, total } = await repo.duePage(today, last, w.limit, w.offset);
      return pageResult(
        rows.map((r) => ({
          applicationId: Number(r.applicationId),
          name: r.name,
          kind: r.kind as DueSoon['kind'],
          // A flagged test's key holds its type and date (decision 209): shown as "ielts_academic · 2026-05-10".
          detail: r.kind === 'languageFlag' && r.detail ? r.detail.replace(':', ' · ') : r.detail,
          dueDate: r.dueDate,
          daysLeft: daysBetween(today, r.dueDate),
        })),
        total,
        w,
      );
    },
  };
}
export type VisaService = ReturnType<typeof createVisaService>;
