import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import { RETENTION_KEYS, retentionValue, type RetentionKind } from '@study-crm/shared';
import type { Clock } from '../../lib/clock.js';
import { schedulePeriodic, type PeriodicHost } from '../../lib/periodic.js';

const DAY_MS = 24 * 60 * 60 * 1000;

// What one run did, per kind of record (rows anonymised or removed; files removed from storage).
export type RetentionReport = {
  ranAt: number;
  counts: {
    closedApplications: number;
    inactiveStudents: number;
    unattachedFiles: number;
    outboxBodies: number;
    auditEntries: number;
    sessions: number;
    verificationCodes: number;
  };
  filesRemoved: number;
  auditArchive: string | null;
};

type Kind = Exclude<RetentionKind, 'paymentKeep'>;

// The cutoff of a kind: now less its period (calendar years or days); null when the period is 0 (kept for ever).
export function cutoffOf(now: number, kind: Kind, value: number): number | null {
  if (value <= 0) return null;
  const setting = RETENTION_KEYS[kind];
  if (setting.unit === 'days') return now - value * DAY_MS;
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - value);
  return d.getTime();
}

// The daily retention job (issue 41, docs/data-protection.md): each kind of record past its period is anonymised
// or removed by the module that owns it; one server at a time (cluster lease); one audit entry per run with the
// counts, and the same report in the message box of the staff who read the operation log.
export function createRetentionService(deps: {
  lease: () => Promise<boolean>;
  config: (key: string) => Promise<string | null>;
  clock: Clock;
  erasure: {
    // Erases these people, several to a transaction (decision 375); those erased, and the files it removed.
    eraseManyForRetention: (memberIds: readonly number[]) => Promise<{ erased: unknown[]; filesRemoved: number }>;
    erasedAmong: (ids: readonly number[]) => Promise<Set<number>>;
  };
  studentsClosedBefore: (cutoff: number) => Promise<number[]>;
  studentsInactiveBefore: (cutoff: number) => Promise<number[]>;
  // Of these members, those with any application (the application module's): the closed-applications rule's.
  membersWithApplications: (ids: readonly number[]) => Promise<Set<number>>;
  removeUnattachedFiles: (cutoff: number) => Promise<string[]>;
  blankOutboxBodies: (cutoff: number, now: number) => Promise<number>;
  purgeSessions: (cutoff: number) => Promise<number>;
  // Called on every run (decisions 374, 379): codes past the cutoff (null: kept for ever); whatever the period, the
  // windows of every hit counter that have passed (verification, sign-in, password change, feedback), which the
  // requests leave.
  purgeCodes: (cutoff: number | null, now: number) => Promise<number>;
  audit: {
    archiveBefore: (
      cutoff: number,
      now: number,
      save: (stream: Readable) => Promise<{ storedName: string; size: number }>,
      remove: (storedName: string) => Promise<void>,
    ) => Promise<{ entries: number; storedName: string | null }>;
    record: (e: { module: string; action: string; changes: unknown; now: number; durationMs: number }) => Promise<void>;
  };
  saveArchive: (stream: Readable) => Promise<{ storedName: string; size: number }>;
  removeStored: (storedName: string) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  report: (r: RetentionReport) => Promise<void>;
}) {
  const { clock } = deps;
  const period = async (kind: Kind) =>
    retentionValue(RETENTION_KEYS[kind], await deps.config(RETENTION_KEYS[kind].key));

  async function eraseAll(ids: number[], report: RetentionReport): Promise<number> {
    const done = await deps.erasure.erasedAmong(ids);
    const r = await deps.erasure.eraseManyForRetention(ids.filter((id) => !done.has(id)));
    report.filesRemoved += r.filesRemoved;
    return r.erased.length;
  }

  return {
    // One run; null when another server holds this period's lease.
    async run(): Promise<RetentionReport | null> {
      if (!(await deps.lease())) return null;
      const started = performance.now();
      const now = clock.now();
      const report: RetentionReport = {
        ranAt: now,
        counts: {
          closedApplications: 0,
          inactiveStudents: 0,
          unattachedFiles: 0,
          outboxBodies: 0,
          auditEntries: 0,
          sessions: 0,
          verificationCodes: 0,
        },
        filesRemoved: 0,
        auditArchive: null,
      };
      const cut = async (kind: Kind) => cutoffOf(now, kind, await period(kind));
      const closed = await cut('closedApplications');
      if (closed !== null)
        report.counts.closedApplications = await eraseAll(await deps.studentsClosedBefore(closed), report);
      const inactive = await cut('inactiveStudents');
      if (inactive !== null) {
        // A student with an application is kept for the closed-applications period (decision 168), however long
        // their account has gone unused: a staff-entered student never signs in (decision 357).
        const idle = await deps.studentsInactiveBefore(inactive);
        const applied = await deps.membersWithApplications(idle);
        report.counts.inactiveStudents = await eraseAll(
          idle.filter((id) => !applied.has(id)),
          report,
        );
      }
      const files = await cut('unattachedFiles');
      if (files !== null) {
        const names = await deps.removeUnattachedFiles(files);
        report.counts.unattachedFiles = names.length;
        // Their rows are gone: a file the storage fails to remove (S3 out of reach) is the orphan sweep's, and the
        // run goes on to its other kinds and its entry, as an erasure's does (decision 340).
        for (const name of names) {
          try {
            await deps.removeStored(name);
            report.filesRemoved += 1;
          } catch (err) {
            deps.log.warn({ err, storedName: name }, 'unattached file not removed from storage; the orphan sweep will');
          }
        }
      }
      const bodies = await cut('outboxBodies');
      if (bodies !== null) report.counts.outboxBodies = await deps.blankOutboxBodies(bodies, now);
      const sessions = await cut('sessions');
      if (sessions !== null) report.counts.sessions = await deps.purgeSessions(sessions);
      report.counts.verificationCodes = await deps.purgeCodes(await cut('verificationCodes'), now);
      const audit = await cut('auditEntries');
      if (audit !== null) {
        // A file written from entries an erasure scrubbed meanwhile is written again; the first goes (decision 375).
        const archived = await deps.audit.archiveBefore(audit, now, deps.saveArchive, async (name) => {
          try {
            await deps.removeStored(name);
          } catch (err) {
            deps.log.warn(
              { err, storedName: name },
              'stale audit archive not removed from storage; the orphan sweep will',
            );
          }
        });
        report.counts.auditEntries = archived.entries;
        report.auditArchive = archived.storedName;
      }
      await deps.audit.record({
        module: 'retention',
        action: 'run',
        changes: report,
        now,
        durationMs: Math.round(performance.now() - started),
      });
      await deps.report(report);
      return report;
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;

// The lease of a run: one server per day; another takes over once it runs out.
export const RETENTION_EVERY_MS = DAY_MS;
export const RETENTION_LEASE_MS = DAY_MS - 60 * 60 * 1000;

// A minute after start-up, then daily; stops with the app.
export function scheduleRetention(app: PeriodicHost, service: RetentionService): void {
  schedulePeriodic(app, {
    run: () => service.run(),
    everyMs: RETENTION_EVERY_MS,
    firstAfterMs: 60_000,
    failed: 'retention run failed',
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    // The daily retention job (tests run it with their clock).
    retention: RetentionService;
  }
}
