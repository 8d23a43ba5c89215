import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  CODE_MESSAGE,
  Code,
  formatMessage,
  isLocale,
  jobDownloadLink,
  type BackgroundJob as Job,
  type Locale,
} from '@study-crm/shared';
import type { Config } from '../../config.js';
import type { Conn } from '../../db/conn.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { outsideAuditScope } from '../../lib/audit-scope.js';
import type { FileStorage, StoredFileInfo } from '../files/index.js';
import type { InboxService } from '../inbox/index.js';
import type { JobRepository, JobRow } from './jobs.repository.js';

// What a runner is handed: the job, its parameters as they were given, and the owner's language.
export type JobContext = { id: number; kind: string; memberId: number; locale: Locale; params: unknown };
// The result of a runner: a stream of the file's bytes (written to storage as it comes), its name, and the units
// done in all (rows written); `notice`: the owner's message when the kind's words do not fit (the subject access
// export names the person), its content given the time the file can be downloaded until (UTC).
export type JobFile = {
  stream: Readable;
  fileName: string;
  done: number;
  total: number;
  notice?: { title: string; content: (until: string) => string };
};
// The type a job's file is stored with (see `made`).
type Made = { extension: 'xlsx' | 'zip' | 'gz'; mime: string };
// Reports progress; throws when this worker lost the job's claim (the runner stops).
export type ReportProgress = (done: number, total: number) => Promise<void>;
export type JobKind = {
  run: (job: JobContext, report: ReportProgress) => Promise<JobFile>;
  // The owner's message when the file is ready, in their language.
  readyTitle: (locale: Locale, job: JobContext) => string;
  // The message's text when it failed with `code` (default: "the export failed").
  failedText?: (locale: Locale, code: number) => string;
  // How long its file can be downloaded (default JOB_FILE_HOURS; the subject access archive: seven days).
  keepMs?: number;
  // Its file's type when not a workbook (.xlsx): an archive. Either way the server made it: stored by `saveMade`,
  // never through the upload allow-list (decision 350).
  made?: { extension: 'zip' | 'gz'; mime: string };
  // The permission its owner must still hold to download the file (checked on each download): the kind's, or one
  // per job (an export needs its list's); `null`: none would do (a list no longer exported), the file is refused.
  permission?: string | ((job: JobContext) => string | null);
};

// Throws the refusal (1001 inactive or removed, 1012 a second factor to set up first) when a job's owner may no longer
// act: the access guard's `assertMayAct`, by the rule of the session check (decision 386).
export type OwnerCheck = (memberId: number) => Promise<void>;
// How often a running job asks again whether its owner may act, at its progress reports.
const OWNER_CHECK_MS = 10_000;
// The refusals of an owner who may no longer act: their message says why, whatever the kind.
const OWNER_REFUSALS: ReadonlySet<number> = new Set([Code.ACCOUNT_INACTIVE, Code.TWO_FACTOR_SETUP_REQUIRED]);

// system_message.title's size: a kind's title can name an uploaded file (an import's), of any length up to 255.
const TITLE_MAX = 200;

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// A member's jobs waiting or running at once, at most.
export const OPEN_JOBS_PER_MEMBER = 3;
// A job whose worker died this many times is given up.
const MAX_ATTEMPTS = 3;
const SWEEP_EVERY_MS = 10 * 60_000;

class ClaimLost extends Error {}

const TEXT: Record<Locale, { ready: (name: string, rows: number, until: string) => string; failed: string }> = {
  'zh-TW': {
    ready: (name, rows, until) => `${name}（${rows} 筆），可下載至 ${until}（UTC）。`,
    failed: '匯出失敗，請稍後再試。',
  },
  'zh-CN': {
    ready: (name, rows, until) => `${name}（${rows} 条），可下载至 ${until}（UTC）。`,
    failed: '导出失败，请稍后再试。',
  },
  'en-US': {
    ready: (name, rows, until) => `${name} (${rows} rows), can be downloaded until ${until} (UTC).`,
    failed: 'The export failed; try again later.',
  },
};
const utcMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

export function toJob(r: JobRow): Job {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    done: Number(r.done),
    total: Number(r.total),
    errorCode: r.errorCode,
    fileName: r.fileName,
    createdAt: Number(r.createdAt),
    finishedAt: r.finishedAt === null ? null : Number(r.finishedAt),
    expiresAt: r.expiresAt === null ? null : Number(r.expiresAt),
  };
}

// Background jobs: other modules register a kind's runner; `enqueue` stores a job, the worker (one per server,
// several servers on one database) claims it with a lease, runs it, stores its file through the files storage and
// posts a message with the download link in the owner's message box.
export function createJobService(deps: {
  repo: JobRepository;
  storage: FileStorage;
  inbox: Pick<InboxService, 'postMessage'>;
  clock: Clock;
  settings: Config['jobs'];
  log: FastifyBaseLogger;
  // A job acts as its owner: each kind narrows the job to its owner's permissions when it begins (the access guard's
  // `permsOf`, which refuses an owner who may not act), and while it runs its progress reports ask this again, at
  // most every OWNER_CHECK_MS, so a job whose owner is deactivated, removed or made to set up a second factor while it
  // runs stops at a report (a page or a batch of rows) with that refusal, as it stops when its claim is lost.
  ownerMayAct: OwnerCheck;
}) {
  const { repo, storage, inbox, clock, settings, log, ownerMayAct } = deps;
  const kinds = new Map<string, JobKind>();
  const token = randomBytes(12).toString('base64url');
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let isStopped = true;
  // Set by stop(): the pass under way ends after its job, leaving the queue to other servers (tests run passes
  // without start()).
  let isStopping = false;
  let sweptAt = 0;

  const contextOf = (r: JobRow): JobContext => ({
    id: r.id,
    kind: r.kind,
    memberId: r.memberId,
    locale: isLocale(r.locale) ? r.locale : 'zh-TW',
    params: JSON.parse(r.params) as unknown,
  });

  async function run(row: JobRow): Promise<void> {
    const job = contextOf(row);
    const text = TEXT[job.locale];
    const kind = kinds.get(row.kind);
    try {
      if (!kind) throw new AppError(Code.JOB_FAILED);
      if (row.attempts > MAX_ATTEMPTS) throw new AppError(Code.JOB_FAILED);
      // The kind asks whether its owner may act as it begins (narrowing the job to their permissions); a report asks
      // again once OWNER_CHECK_MS have passed since.
      let ownerCheckedAt = clock.now();
      const report: ReportProgress = async (done, total) => {
        const now = clock.now();
        if (!(await repo.progress(row.id, token, done, total, now + settings.leaseMs, now))) throw new ClaimLost();
        if (now - ownerCheckedAt >= OWNER_CHECK_MS) {
          ownerCheckedAt = now;
          await ownerMayAct(row.memberId);
        }
      };
      const file = await kind.run(job, report);
      const made: Made = kind.made ?? { extension: 'xlsx', mime: XLSX_MIME };
      const saved = await storage.saveMade(file.stream, made.extension, made.mime);
      const now = clock.now();
      const expiresAt = now + (kind.keepMs ?? settings.keepMs);
      const isMine = await repo.finish(row.id, token, { ...file, ...saved }, expiresAt, now);
      if (!isMine) {
        await storage.remove(saved.storedName);
        throw new ClaimLost();
      }
      const until = utcMinute(expiresAt);
      await inbox.postMessage({
        memberId: row.memberId,
        title: (file.notice?.title ?? kind.readyTitle(job.locale, job)).slice(0, TITLE_MAX),
        content: file.notice?.content(until) ?? text.ready(file.fileName, file.done, until),
        link: jobDownloadLink(row.id),
      });
    } catch (err) {
      if (err instanceof ClaimLost) {
        log.warn({ jobId: row.id }, 'job claim lost; left to its new holder');
        return;
      }
      const code = err instanceof AppError ? err.code : Code.INTERNAL;
      if (!(err instanceof AppError)) log.error({ err, jobId: row.id, kind: row.kind }, 'job failed');
      if (await repo.fail(row.id, token, code, clock.now()))
        await inbox.postMessage({
          memberId: row.memberId,
          title: (kind?.readyTitle(job.locale, job) ?? row.kind).slice(0, TITLE_MAX),
          content: OWNER_REFUSALS.has(code)
            ? formatMessage(CODE_MESSAGE[code as Code], job.locale)
            : (kind?.failedText?.(job.locale, code) ?? text.failed),
          link: null,
        });
    }
  }

  // Removes the files of expired jobs (the rows stay: their download answers "expired").
  async function sweep(): Promise<number> {
    const now = clock.now();
    const rows = await repo.expired(now, 100);
    for (const r of rows) {
      await storage.remove(r.storedName!);
      await repo.forgetFile(r.id, now);
    }
    return rows.length;
  }

  // The jobs of `kind` whose parameters `match` (e.g. one person's exports), on the caller's connection: ids, and
  // the stored files of those finished and not yet swept.
  async function matching(tx: Conn, kind: string, match: (params: unknown) => boolean) {
    const rows = (await repo.ofKind(tx, kind)).filter((r) => match(JSON.parse(r.params) as unknown));
    return { ids: rows.map((r) => r.id), storedNames: rows.flatMap((r) => (r.storedName ? [r.storedName] : [])) };
  }

  // One pass: claims and runs due jobs one after another until none is left (or the server stops). Returns how many
  // ran.
  async function runOnce(): Promise<number> {
    let n = 0;
    while (!isStopping) {
      const row = await repo.claim(clock.now(), settings.leaseMs, token, [...kinds.keys()]);
      if (!row) break;
      await run(row);
      n++;
    }
    if (clock.now() - sweptAt >= SWEEP_EVERY_MS) {
      sweptAt = clock.now();
      await sweep();
    }
    return n;
  }

  function wake(delay: number) {
    if (isStopped || running) return;
    if (timer) clearTimeout(timer);
    // A wake from a request must not run the job inside that request's audit scope.
    timer = outsideAuditScope(() =>
      setTimeout(() => {
        timer = undefined;
        running = runOnce()
          .catch((err: unknown) => log.error({ err }, 'job worker pass failed'))
          .finally(() => {
            running = undefined;
            wake(settings.pollMs);
          });
      }, delay),
    );
  }

  return {
    register(kind: string, def: JobKind) {
      kinds.set(kind, def);
    },

    // Stores a job for `memberId`; the worker picks it up (now, on this server, when its worker runs).
    async enqueue(kind: string, memberId: number, params: unknown, locale: Locale): Promise<Job> {
      if (!kinds.has(kind)) throw new AppError(Code.JOB_FAILED);
      const job = { kind, memberId, params: JSON.stringify(params), locale, now: clock.now() };
      const id = await repo.insertWithin(job, OPEN_JOBS_PER_MEMBER);
      if (id === undefined) throw new AppError(Code.JOB_TOO_MANY);
      wake(0);
      return toJob((await repo.byId(id))!);
    },

    // A job of the caller's own (another member's is not found).
    async status(id: number, memberId: number): Promise<Job> {
      const row = await repo.byId(id);
      if (!row || row.memberId !== memberId) throw notFound();
      return toJob(row);
    },

    // Jobs by id, whoever owns them (a module's own list shows the jobs it started, e.g. a data request's export).
    async views(ids: readonly number[]): Promise<Map<number, Job>> {
      return new Map((await repo.byIds(ids)).map((r) => [r.id, toJob(r)]));
    },
    // The finished file of the caller's own job, until it expires (and while they hold its kind's permission).
    async file(id: number, memberId: number, perms: ReadonlySet<string>): Promise<StoredFileInfo> {
      const row = await repo.byId(id);
      if (!row || row.memberId !== memberId) throw notFound();
      const kind = kinds.get(row.kind);
      const needed = typeof kind?.permission === 'function' ? kind.permission(contextOf(row)) : kind?.permission;
      if (needed !== undefined && (needed === null || !perms.has(needed))) throw new AppError(Code.FORBIDDEN);
      if (row.status === 'failed') throw new AppError(Code.JOB_FAILED);
      if (row.status !== 'done') throw new AppError(Code.JOB_NOT_READY);
      if (!row.storedName || row.expiresAt === null || clock.now() >= Number(row.expiresAt))
        throw new AppError(Code.JOB_EXPIRED);
      const stored = await storage.open(row.storedName);
      const name = row.fileName ?? 'export.xlsx';
      const dot = name.lastIndexOf('.');
      return {
        ...stored,
        title: dot > 0 ? name.slice(0, dot) : name,
        extension: dot > 0 ? name.slice(dot + 1) : 'xlsx',
        mime: kind?.made?.mime ?? XLSX_MIME,
      };
    },

    matching,
    // Withdraws those jobs' files in the caller's transaction (an erasure, issue 41): the download of a finished one
    // answers expired (7970), one waiting or running fails (7972). Returns the stored files, for the caller to remove
    // once it commits (the orphan sweep removes any left: no job references them any more).
    async withdrawFiles(tx: Conn, kind: string, match: (params: unknown) => boolean): Promise<string[]> {
      const { ids, storedNames } = await matching(tx, kind, match);
      await repo.withdraw(tx, ids, Code.JOB_FAILED, clock.now());
      return storedNames;
    },

    runOnce,
    sweep,
    referenced: (names: readonly string[]) => repo.referenced(names),
    start() {
      if (!isStopped) return;
      isStopped = false;
      isStopping = false;
      wake(0);
    },
    async stop() {
      isStopped = true;
      isStopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (running) await running;
    },
  };
}
export type JobService = ReturnType<typeof createJobService>;

declare module 'fastify' {
  interface FastifyInstance {
    // Background jobs (tests run the worker's pass with their clock).
    jobs: JobService;
  }
}
