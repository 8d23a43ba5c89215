import { addDays, addMonths, daysBetween, ukDay } from '@study-crm/shared';
import archiver from 'archiver';
import {
  Code,
  displayName,
  type DataExportBody,
  type DataRequestAddBody,
  type DataRequestListQuery,
  type Locale,
  PERM,
} from '@study-crm/shared';
import { AppError, badRequest, found } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { ukDayEnd } from '../../lib/uk-day.js';
import { mapPage } from '../../lib/paging.js';
import { fullNumbersOf, type PersonalData, type PersonalRows, type PersonalSubject } from '../../lib/personal-data.js';
import { refuseUnique } from '../../db/sql-helpers.js';
import { isMissingFile, type FileStorage } from '../files/index.js';
import type { InboxService, SourceTodo } from '../inbox/index.js';
import type { JobContext, JobFile, JobService, ReportProgress } from '../jobs/index.js';
import type { MemberService } from '../member/index.js';
import type { PeopleService } from '../people/index.js';
import type { AccessGuard, Actor } from '../role/index.js';
import { exportTexts, summaryHtml, type ArchiveFile } from './privacy.archive.js';
import { toDataRequest } from './privacy.mapper.js';
import type { PrivacyRepository, RequestRow } from './privacy.repository.js';
import { schedulePeriodic, type PeriodicHost } from '../../lib/periodic.js';

// The subject access export is a background job of this kind (decision 199); its archive can be downloaded for
// seven days (decision 161).
export const EXPORT_JOB_KIND = 'privacyExport';
export const EXPORT_TTL_MS = 7 * 86_400_000;
type ExportParams = { subjectId: number; requestId: number };
// Days before the due date on which the assigned staff member is reminded (decision 162).
export const REQUEST_REMINDER_DAYS = [7, 3, 1] as const;
export const REQUEST_SOURCE = 'privacyRequest';
export const REQUEST_TODO_KIND = 'dataRequest';

// One calendar month later; a day the next month lacks becomes its last day (31 January → 28/29 February), as the
// ICO reads art. 12(3) UK GDPR.
export const dueDateOf = (received: string): string => addMonths(received, 1);

// Where each module's part of a person's data comes from: each module's own front door (modules/index.ts).
type Part = { personalData(s: PersonalSubject): Promise<PersonalData> };
export type PersonalDataSources = {
  member: Part & {
    identity(memberId: number): Promise<
      | {
          id: number;
          email: string | null;
          areaCode: string | null;
          mobile: string | null;
          fullName: string | null;
          engFirstName: string | null;
          engLastName: string | null;
          nickName: string | null;
        }
      | undefined
    >;
  };
  application: Part & { applicationIdsOf(memberId: number): Promise<number[]> };
  followUp: { personalData(applicationIds: readonly number[]): Promise<PersonalData> };
  payment: { personalData(s: PersonalSubject, applicationIds: readonly number[]): Promise<PersonalData> };
  delivery: {
    personalData(s: PersonalSubject): Promise<PersonalData & { emailIds: number[]; smsBatchIds: number[] }>;
  };
  mail: { personalData(emailIds: readonly number[]): Promise<PersonalData> };
  sms: { personalData(s: PersonalSubject, batchIds: readonly number[]): Promise<PersonalData> };
  // Modules whose part needs only the person (profile, sessions, message box, feedback, wallet, ...).
  others: Part[];
};

export type PrivacyDeps = {
  repo: PrivacyRepository;
  sources: PersonalDataSources;
  people: Pick<PeopleService, 'names' | 'isActiveStaff' | 'isMember' | 'isStaff'>;
  members: Pick<MemberService, 'list'>;
  inbox: Pick<InboxService, 'syncSourceTodo'>;
  storage: Pick<FileStorage, 'open'>;
  jobs: Pick<JobService, 'register' | 'enqueue' | 'views'>;
  // The requester's permissions when the job runs (one who lost the export permission meanwhile is refused).
  permsOf: (memberId: number) => Promise<string[]>;
  // What a member holds that the caller lacks (the role module's rule for calls that act on accounts, as the erasure
  // asks it, decision 200).
  beyond: AccessGuard['beyond'];
  clock: Clock;
};

// The full numbers (E.164) of a row's area code and numbers, as the erasure notes them (`fullNumbersOf`).
const asText = (v: unknown) => (typeof v === 'string' ? v : null);
const phonesOf = (areaCode: unknown, ...numbers: unknown[]): string[] =>
  numbers.flatMap((n) => fullNumbersOf(asText(areaCode), asText(n)));
const safeName = (s: string) => s.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80) || 'file';

// UK GDPR (issue 41): data requests with their one-month due date and reminders, and the subject access export, an
// archive built in the background from every module's part of the person's data.
export function createPrivacyService({
  repo,
  sources,
  people,
  members,
  inbox,
  storage,
  jobs,
  permsOf,
  beyond,
  clock,
}: PrivacyDeps) {
  // The job of each request's newest export.
  const lastExports = async (rows: readonly RequestRow[]) =>
    jobs.views(rows.flatMap((r) => (r.exportJobId === null ? [] : [r.exportJobId])));

  async function withNames<T extends { subjectId: number; assigneeId: number | null }>(rows: T[]) {
    return people.names(rows.flatMap((r) => [r.subjectId, r.assigneeId]));
  }

  async function view(id: number) {
    const r = found(await repo.requestById(id));
    return toDataRequest(r, await withNames([r]), await lastExports([r]));
  }

  async function addRequest(callerId: number, b: DataRequestAddBody) {
    if (!(await people.isMember(b.subjectId))) throw badRequest('subjectId', 'v.format');
    const assigneeId = b.assigneeId ?? callerId;
    if (!(await people.isActiveStaff(assigneeId))) throw badRequest('assigneeId', 'v.format');
    const today = ukDay(clock.now());
    const receivedDate = b.receivedDate ?? today;
    if (receivedDate > today) throw badRequest('receivedDate', 'v.format');
    const id = await refuseUnique(
      () =>
        repo.insertRequest(
          {
            subjectId: b.subjectId,
            kind: b.kind,
            receivedDate,
            dueDate: dueDateOf(receivedDate),
            assigneeId,
            note: b.note ?? null,
            createdBy: callerId,
          },
          clock.now(),
        ),
      () => new AppError(Code.DATA_REQUEST_OPEN),
    );
    return view(id);
  }

  // Never more than the caller holds: the export of a staff member holding a permission (or the built-in
  // administrator role) the caller lacks is refused as their erasure is (7954, decision 341). Students hold none.
  async function assertWithinCaller(actor: Actor, subjectId: number) {
    if (!(await people.isStaff(subjectId))) return;
    const missing = await beyond(actor, subjectId);
    if (missing.length)
      throw new AppError(Code.ERASE_BEYOND_OWN, 'exportBeyondOwn', { perms: missing.slice(0, 5).join(', ') });
  }

  // Everything held about the person, part by part, with the progress after each.
  async function collect(subjectId: number, report: ReportProgress) {
    const who = await sources.member.identity(subjectId);
    if (!who) throw new AppError(Code.NOT_FOUND, 'recordNotFound');
    const subject: PersonalSubject = {
      memberId: subjectId,
      emails: who.email ? [who.email.trim()] : [],
      phones: phonesOf(who.areaCode, who.mobile),
    };
    const parts: PersonalRows[] = [];
    const files: PersonalData['files'] = [];
    const add = (d: PersonalData) => {
      parts.push(...d.parts);
      files.push(...d.files);
    };
    const steps = 7 + sources.others.length;
    let done = 0;
    const step = async () => report(++done, steps);

    add(await sources.member.personalData(subject));
    await step();
    const appIds = await sources.application.applicationIdsOf(subjectId);
    const apps = await sources.application.personalData(subject);
    add(apps);
    // The addresses on their applications are theirs too: e-mails and texts sent there were sent to them.
    for (const a of apps.parts.find((p) => p.source === 'application/application')?.rows ?? []) {
      if (typeof a.email === 'string' && a.email.trim()) subject.emails.push(a.email.trim());
      subject.phones.push(...phonesOf(a.areaCode, a.mobile, a.landline));
    }
    subject.emails = [...new Set(subject.emails)];
    subject.phones = [...new Set(subject.phones)];
    await step();
    add(await sources.followUp.personalData(appIds));
    await step();
    add(await sources.payment.personalData(subject, appIds));
    await step();
    const sent = await sources.delivery.personalData(subject);
    add(sent);
    await step();
    add(await sources.mail.personalData(sent.emailIds));
    await step();
    add(await sources.sms.personalData(subject, sent.smsBatchIds));
    await step();
    for (const o of sources.others) {
      add(await o.personalData(subject));
      await step();
    }
    return { subject: { id: subjectId, name: displayName(who) }, parts, files };
  }

  // The export job's runner: collects, and streams the zip (data.json, summary.html, the documents) to the jobs
  // module, which stores it and posts the link to the requester's message box.
  async function build(job: JobContext, report: ReportProgress): Promise<JobFile> {
    const perms = await permsOf(job.memberId);
    if (!perms.includes(PERM.privacyExport)) throw new AppError(Code.FORBIDDEN);
    const { subjectId, requestId } = job.params as ExportParams;
    // Asked again when it runs: the subject may have been given more since (all of the requester's roles count).
    await assertWithinCaller({ id: job.memberId, perms: new Set(perms) }, subjectId);
    const locale = job.locale;
    const data = await collect(subjectId, report);
    // The documents: opened one at a time as the archive reaches them; one gone from storage is named as such.
    const archiveFiles: (ArchiveFile & { storedName: string })[] = data.files.map((f, i) =>
      Object.assign({}, f, { path: `files/${String(i + 1).padStart(3, '0')}-${safeName(f.name)}` }),
    );
    const opened = [];
    for (const f of archiveFiles) {
      // A store that cannot be reached fails the job (staff start it again), never names a file as gone (decision 354).
      const file = await storage.open(f.storedName).catch((err: unknown) => {
        if (isMissingFile(err)) return null;
        throw err;
      });
      if (!file) f.path = null;
      opened.push(file);
    }
    const generatedAt = clock.now();
    const json = JSON.stringify(
      {
        format: 'study-crm-subject-access/1',
        subject: data.subject,
        generatedAt: new Date(generatedAt).toISOString(),
        sources: data.parts.map((p) => ({ source: p.source, count: p.rows.length, rows: p.rows })),
        files: archiveFiles.map(({ storedName: _s, ...f }) => f),
      },
      null,
      2,
    );
    const archive = archiver('zip', { zlib: { level: 6 } });
    const failed = new Promise<never>((_, reject) => archive.once('error', reject));
    failed.catch(() => undefined);
    const entry = () => Promise.race([new Promise((res) => archive.once('entry', res)), failed]);
    // Written while the jobs module stores the stream; a failure ends the stream with it (the job fails).
    void (async () => {
      archive.append(json, { name: 'data.json' });
      await entry();
      archive.append(summaryHtml(locale, data.subject, generatedAt, data.parts, archiveFiles), {
        name: 'summary.html',
      });
      await entry();
      for (const [i, f] of archiveFiles.entries()) {
        const file = opened[i];
        if (!file || !f.path) continue;
        archive.append(await file.read(), { name: f.path });
        await entry();
      }
      await archive.finalize();
    })().catch((err: unknown) => archive.destroy(err instanceof Error ? err : new Error(String(err))));
    const t = exportTexts[locale];
    const parts = data.parts.length;
    return {
      stream: archive,
      fileName: `personal-data-${subjectId}.zip`,
      done: parts,
      total: parts,
      notice: {
        title: t.ready.replace('{request}', String(requestId)),
        content: (until) => t.body.replace('{until}', until),
      },
    };
  }

  jobs.register(EXPORT_JOB_KIND, {
    run: build,
    readyTitle: (locale) => exportTexts[locale].failedTitle,
    keepMs: EXPORT_TTL_MS,
    made: { extension: 'zip', mime: 'application/zip' },
    permission: PERM.privacyExport,
  });

  return {
    async list(q: DataRequestListQuery) {
      // The keyword names people: the members it finds (any kind or status, at most 200) bound the list.
      const k = q.keyword?.trim();
      const ids = k ? (await members.list({ keyword: k, pageSize: 200 })).list.map((m) => m.id) : undefined;
      const page = await repo.list(q, ids);
      const names = await withNames(page.list);
      const last = await lastExports(page.list);
      return mapPage(page, (r) => toDataRequest(r, names, last));
    },

    add: addRequest,

    async subjects(keyword: string | null | undefined) {
      const page = await members.list({ keyword, pageSize: 20 });
      return page.list.map((m) => ({ id: m.id, name: m.displayName, email: m.email, mobile: m.mobile }));
    },
    view,

    async complete(callerId: number, id: number) {
      found(await repo.requestById(id));
      if (await repo.completeRequest(id, callerId, clock.now()))
        await inbox.syncSourceTodo({ kind: REQUEST_SOURCE, id }, null);
      return view(id);
    },

    // A new export of the person's data. Without a request it answers the person's open access request, or opens one
    // received today and assigned to the caller (decision 160).
    async exportData(actor: Actor, locale: Locale, b: DataExportBody) {
      const callerId = actor.id;
      if (!(await people.isMember(b.subjectId))) throw badRequest('subjectId', 'v.format');
      await assertWithinCaller(actor, b.subjectId);
      let requestId = b.requestId ?? null;
      if (requestId) {
        // The export answers an access request of the person while it is open: never an erasure request, nor one
        // already done (its answer was given).
        const r = await repo.requestById(requestId);
        if (!r || r.subjectId !== b.subjectId || r.kind !== 'access' || r.status !== 'open')
          throw badRequest('requestId', 'v.openAccessRequest');
      } else {
        requestId =
          (await repo.openRequestOf(b.subjectId, 'access'))?.id ??
          (await addRequest(callerId, { subjectId: b.subjectId, kind: 'access' })
            .then((r) => r.id)
            .catch(async (err: unknown) => {
              const open = await repo.openRequestOf(b.subjectId, 'access');
              if (open) return open.id;
              throw err;
            }));
      }
      const job = await jobs.enqueue(EXPORT_JOB_KIND, callerId, { subjectId: b.subjectId, requestId }, locale);
      await repo.setExportJob(requestId, job.id, clock.now());
      return job;
    },

    // The daily reminders: a to-do in the assigned staff member's message box 7, 3 and 1 days before a request falls
    // due, each created once whichever server runs first (a unique key per request and day).
    async remind(): Promise<{ created: number }> {
      const now = clock.now();
      const today = ukDay(now);
      let created = 0;
      const due = await repo.openDue(today, addDays(today, Math.max(...REQUEST_REMINDER_DAYS)));
      const names = await withNames(due);
      for (const r of due) {
        const daysBefore = daysBetween(today, r.dueDate);
        if (!(REQUEST_REMINDER_DAYS as readonly number[]).includes(daysBefore)) continue;
        const todo: SourceTodo = {
          memberId: r.assigneeId!,
          kind: REQUEST_TODO_KIND,
          title: `${names.get(r.subjectId)?.name ?? r.subjectId} · ${r.kind} · ${r.dueDate} · D-${daysBefore}`.slice(
            0,
            200,
          ),
          link: `/systemSetup/dataRequests?id=${r.id}`,
          // Due all that UK day, as the other reminders' to-dos (decision 342).
          dueAt: ukDayEnd(r.dueDate),
          done: 0,
        };
        const made = await repo.transaction(async (tx) => {
          const id = await repo.insertReminderOnce(
            tx,
            { requestId: r.id, remindDate: today, daysBefore, assigneeId: r.assigneeId },
            now,
          );
          if (id === undefined) return false;
          await inbox.syncSourceTodo({ kind: REQUEST_SOURCE, id: r.id }, todo, tx);
          return true;
        });
        if (made) created += 1;
      }
      return { created };
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;

// Once after start-up and then every `everyMs`: the day's reminders (the exports are the jobs worker's); stops with
// the app.
export function schedulePrivacyJobs(app: PeriodicHost, service: PrivacyService, everyMs: number): void {
  schedulePeriodic(app, { run: () => service.remind(), everyMs, failed: 'privacy jobs failed' });
}
