import { addDays, addMonths, addYears, daysBetween, ukDay } from '@study-crm/shared';
export { ukDay };
import {
  courseBusiness,
  languageExpiry,
  languageFlags,
  levelNeeded,
  PASSPORT_WARN_MONTHS,
  type CycleDates,
  type LanguageFlag,
} from '@study-crm/shared';
import type { Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { ukDayEnd } from '../../lib/uk-day.js';
import type { InboxService, SourceTodo } from '../inbox/index.js';
import type { ReminderKey, ReminderRepository, ReminderRow } from './reminder.repository.js';
import { schedulePeriodic, type PeriodicHost } from '../../lib/periodic.js';

// Reminders e-mailed as copies through the mail module's outbox path (its front door's record copies, wired in
// modules/index.ts); the shape is named here so this module does not import the mail module, which imports it.
type ReminderCopies = {
  queue(
    tx: Tx,
    copy: { source: string; sourceId: number; subject: string; text: string; to: string[] },
    createdBy: number | null,
  ): Promise<number | undefined>;
  nudge(): void;
};

// Days before a date on which its reminder is created (issue 40).
export const REMINDER_DAYS = [14, 7, 3, 1] as const;
const WINDOW = Math.max(...REMINDER_DAYS);
// A language test counts for a visa for two years from its date.
export const LANGUAGE_VALID_YEARS = 2;
// The to-dos' source kind in the inbox, and the to-do kinds the message box names.
export const REMINDER_SOURCE = 'applicationReminder';
export const REMINDER_KINDS = {
  passport: 'ukPassport',
  ucas: 'ukDeadline',
  language: 'ukLanguage',
  languageFlag: 'ukLanguageFlag',
  casExpiry: 'ukCas',
  funds: 'ukFunds',
} as const;
type Kind = keyof typeof REMINDER_KINDS;

// UK courses start in September of the entry year (the cycle's), the date the passport rule measures from.
export const courseStartOf = (entryYear: number) => `${entryYear}-09-01`;

// What a flagged test's to-do says of each flag (stored titles are language-neutral, as 'CAS' and 'Funds' are).
const flagText = (f: LanguageFlag, testDate: string, level: string) =>
  f === 'expiresBeforeCourse'
    ? `valid to ${languageExpiry(testDate)}`
    : f === 'notUkvi'
      ? 'not UKVI'
      : `below ${level}`;

// Something that falls due on an application: the reminder key, who is told and what the to-do says.
type Due = ReminderKey & { kind: Kind; teacherId: number | null; title: string };

export type ReminderDeps = {
  repo: ReminderRepository;
  inbox: Pick<InboxService, 'syncSourceTodo'>;
  // Every admissions cycle (the admissions module's).
  cycles: () => Promise<CycleDates[]>;
  // CAS expiries and funds windows of the Student visa checklist (the visa service's).
  visaDue?: (from: string, to: string) => Promise<VisaDueRow[]>;
  // With REMINDER_EMAIL=on: each reminder also e-mailed to the teacher through the outbox, in its transaction.
  email?: {
    copies: ReminderCopies;
    emailsOf: (memberId: number, tx: Tx) => Promise<string[]>;
    // The portal's address the link in the e-mail starts with (PORTAL_URL).
    portalUrl: string;
  } | null;
  clock: Clock;
};
export type VisaDueRow = {
  stepId: number;
  applicationId: number;
  dueDate: string | null;
  ownerId: number | null;
  kind: string | null;
  name: string;
  signingTeacherId: number | null;
  followTeacherId: number | null;
};

// The daily reminders: to-dos in the responsible teacher's message box 14, 7, 3 and 1 days before each date that
// falls due on an open application, each created once (a unique key), taken away once it no longer applies.
export function createReminderService({ repo, inbox, cycles, visaDue, email, clock }: ReminderDeps) {
  const teacherOf = (r: { followTeacherId: number | null; signingTeacherId: number | null }) =>
    r.followTeacherId ?? r.signingTeacherId;

  // Flagged language tests of applications whose course (the earliest cycle's) starts within the window.
  async function flaggedTests(all: CycleDates[], inWindow: (d: string) => boolean): Promise<Due[]> {
    const starting = all.filter((c) => inWindow(courseStartOf(c.entryYear)));
    if (!starting.length) return [];
    const rows = await repo.scoresInCycles(starting.map((c) => c.id));
    const ids = [...new Set(rows.map((r) => r.id))];
    const [links, businesses] = await Promise.all([repo.cyclesOf(ids), repo.businessTypesOf(ids)]);
    const out: Due[] = [];
    const seen = new Set<string>();
    for (const s of rows) {
      // The test, not its row: saving the form writes the scores again under new ids.
      const subjectKey = `langflag:${s.testType}:${s.testDate}`.slice(0, 40);
      const testDate = s.testDate;
      if (seen.has(`${s.id}|${subjectKey}`) || !testDate) continue;
      seen.add(`${s.id}|${subjectKey}`);
      const years = links
        .filter((l) => l.applicationId === s.id)
        .map((l) => all.find((c) => c.id === l.cycleId)?.entryYear)
        .filter((y): y is number => !!y);
      // The course starts with the earliest cycle: a later cycle's start is not this application's.
      const start = courseStartOf(Math.min(...years));
      if (!inWindow(start)) continue;
      const business = courseBusiness(businesses.filter((b) => b.applicationId === s.id).map((b) => b.businessType!));
      const flags = languageFlags(s, start, business);
      if (!flags.length) continue;
      const level = levelNeeded(business);
      out.push({
        applicationId: s.id,
        kind: 'languageFlag',
        subjectKey,
        dueDate: start,
        teacherId: teacherOf(s),
        title: `${s.name} · ${s.testType} · ${flags.map((f) => flagText(f, testDate, level)).join(', ')} · ${start}`,
      });
    }
    return out;
  }

  // Everything falling due from `today` to `today + 14` days.
  async function dueInWindow(today: string): Promise<Due[]> {
    const last = addDays(today, WINDOW);
    const all = await cycles();
    const out: Due[] = [];

    // Passports expiring before six months after the course starts (the earliest cycle of the application).
    const passports = await repo.passportsExpiring(today, last);
    const links = await repo.cyclesOf(passports.map((p) => p.id));
    for (const p of passports) {
      const years = links
        .filter((l) => l.applicationId === p.id)
        .map((l) => all.find((c) => c.id === l.cycleId)?.entryYear)
        .filter((y): y is number => !!y);
      if (!years.length || !p.passportExpiryDate) continue;
      const start = courseStartOf(Math.min(...years));
      if (p.passportExpiryDate >= addMonths(start, PASSPORT_WARN_MONTHS)) continue;
      out.push({
        applicationId: p.id,
        kind: 'passport',
        subjectKey: 'passport',
        dueDate: p.passportExpiryDate,
        teacherId: teacherOf(p),
        title: `${p.name} · ${p.passportExpiryDate}`,
      });
    }

    // UCAS deadlines (early or equal consideration) of choices not sent yet; one reminder per deadline.
    const inWindow = (d: string) => d >= today && d <= last;
    const cycleIds = all.filter((c) => inWindow(c.earlyDeadline) || inWindow(c.equalDeadline)).map((c) => c.id);
    const seen = new Set<string>();
    for (const ch of await repo.unsentChoices(cycleIds)) {
      const cycle = all.find((c) => c.id === ch.cycleId);
      if (!cycle || !ch.deadlineKey) continue;
      const dueDate = ch.deadlineKey === 'early' ? cycle.earlyDeadline : cycle.equalDeadline;
      const subjectKey = `ucas:${cycle.id}:${ch.deadlineKey}`;
      if (!inWindow(dueDate) || seen.has(`${ch.id}|${subjectKey}`)) continue;
      seen.add(`${ch.id}|${subjectKey}`);
      out.push({
        applicationId: ch.id,
        kind: 'ucas',
        subjectKey,
        dueDate,
        teacherId: teacherOf(ch),
        title: `${ch.name} · UCAS ${cycle.entryYear} · ${dueDate}`,
      });
    }

    // Language tests whose two years run out, on the shared rule's day (29 February's runs to 28 February). The
    // tests read reach a day past the window's end two years back (a window ending 28 February 2026 takes a test
    // of 29 February 2024); the window check keeps the right ones.
    for (const s of await repo.testsTaken(
      addYears(today, -LANGUAGE_VALID_YEARS),
      addDays(addYears(last, -LANGUAGE_VALID_YEARS), 1),
    )) {
      if (!s.testDate) continue;
      const dueDate = languageExpiry(s.testDate);
      if (!inWindow(dueDate)) continue;
      out.push({
        applicationId: s.id,
        kind: 'language',
        subjectKey: `language:${s.testType}:${s.testDate}`.slice(0, 40),
        dueDate,
        teacherId: teacherOf(s),
        title: `${s.name} · ${s.testType} · ${dueDate}`,
      });
    }

    // Language tests flagged against the course (decision 209): valid to before it starts, not a UKVI-approved SELT,
    // a part below the level it needs. One reminder per test, due on the course start the flags are measured from.
    out.push(...(await flaggedTests(all, inWindow)));

    // The CAS's six months and the funds' 31 days, until the visa is applied for; the step's owner is told first.
    for (const v of visaDue ? await visaDue(today, last) : []) {
      if (!v.dueDate) continue;
      const cas = v.kind === 'casIssued';
      out.push({
        applicationId: v.applicationId,
        kind: cas ? 'casExpiry' : 'funds',
        subjectKey: `${cas ? 'cas' : 'funds'}:${v.stepId}`,
        dueDate: v.dueDate,
        teacherId: v.ownerId ?? teacherOf(v),
        title: `${v.name} · ${cas ? 'CAS' : 'Funds'} · ${v.dueDate}`,
      });
    }
    return out;
  }

  const keyOf = (k: ReminderKey) => `${k.applicationId}|${k.kind}|${k.subjectKey}|${k.dueDate}`;
  const todoOf = (d: Due, daysBefore: number): SourceTodo | null =>
    d.teacherId
      ? {
          memberId: d.teacherId,
          kind: REMINDER_KINDS[d.kind],
          title: `${d.title} · D-${daysBefore}`.slice(0, 200),
          link: `/applicationManage/applicationDetail?id=${d.applicationId}`,
          dueAt: ukDayEnd(d.dueDate),
          done: 0,
        }
      : null;

  // The e-mail: the to-do's title and where to open the application (plain text).
  const mailText = (t: SourceTodo) => `${t.title}\n\n${(email?.portalUrl ?? '').replace(/\/+$/, '')}${t.link}`;

  const resolve = (r: ReminderRow, now: number) =>
    repo.transaction(async (tx) => {
      const done = await repo.resolve(tx, r.id, now);
      if (done) await inbox.syncSourceTodo({ kind: REMINDER_SOURCE, id: r.id }, null, tx);
      return done;
    });

  return {
    // One run for the UK day of the clock: creates the reminders due today, takes away those that no longer apply.
    // Several workers may run it at once: each reminder and each resolution happens once.
    async run(): Promise<{ created: number; resolved: number }> {
      const now = clock.now();
      const today = ukDay(now);
      const due = await dueInWindow(today);
      const dueKeys = new Set(due.map(keyOf));
      let created = 0;
      let resolved = 0;
      let mailed = false;
      for (const d of due) {
        const daysBefore = daysBetween(today, d.dueDate);
        if (!(REMINDER_DAYS as readonly number[]).includes(daysBefore)) continue;
        const made = await repo.transaction(async (tx) => {
          const id = await repo.insertOnce(
            tx,
            {
              applicationId: d.applicationId,
              kind: d.kind,
              subjectKey: d.subjectKey,
              dueDate: d.dueDate,
              daysBefore,
              teacherId: d.teacherId,
            },
            now,
          );
          if (id === undefined) return false;
          // The earlier reminder of the same date gives way to this one: one to-do per date.
          for (const old of await repo.openOf(tx, d))
            if (old.id !== id && (await repo.resolve(tx, old.id, now)))
              await inbox.syncSourceTodo({ kind: REMINDER_SOURCE, id: old.id }, null, tx);
          const todo = todoOf(d, daysBefore);
          await inbox.syncSourceTodo({ kind: REMINDER_SOURCE, id }, todo, tx);
          if (email && todo && d.teacherId) {
            const to = await email.emailsOf(d.teacherId, tx);
            if (to.length)
              mailed =
                (await email.copies.queue(
                  tx,
                  { source: REMINDER_SOURCE, sourceId: id, subject: todo.title, text: mailText(todo), to },
                  null,
                )) !== undefined || mailed;
          }
          return true;
        });
        if (made) created += 1;
      }
      // A date that moved, a choice sent, a closed application, a date passed: its to-do goes. A reminder due after
      // this run's window was made by a run of a later day (another server already past UK midnight): that day's
      // runs judge it; resolving it here would lose it for good, since its key is made once.
      const last = addDays(today, WINDOW);
      for (const r of await repo.openReminders())
        if (r.dueDate <= last && !dueKeys.has(keyOf(r)) && (await resolve(r, now))) resolved += 1;
      if (mailed) email?.copies.nudge();
      return { created, resolved };
    },
  };
}
export type ReminderService = ReturnType<typeof createReminderService>;

// Once after start-up and then every `everyMs` (each run is for the UK day of the clock, so extra runs in a day only
// catch up); stops with the app.
export function scheduleReminders(app: PeriodicHost, service: ReminderService, everyMs: number): void {
  schedulePeriodic(app, { run: () => service.run(), everyMs, failed: 'application reminders failed' });
}

declare module 'fastify' {
  interface FastifyInstance {
    // The daily application reminders (tests run them with their clock).
    reminders: ReminderService;
  }
}
