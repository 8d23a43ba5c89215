import fs from 'node:fs';
import {
  Code,
  formatMessage,
  IMPORT_COLUMNS,
  IMPORT_FILE_MAX_MB,
  IMPORT_PREVIEW_ROWS,
  IMPORT_ROWS_MAX,
  type ImportCheck,
  type ImportKind,
  type ImportRowPreview,
  type ImportRun,
  type ImportRunBody,
  type ImportStart,
  type Locale,
  type MessageKey,
} from '@study-crm/shared';
import { runAuditedJob, type AuditLog } from '../../http/audit.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { IncomingFile } from '../../http/multipart.js';
import { describeProblem } from '../../http/validation.js';
import { noteAuditRecord, outsideAuditScope } from '../../lib/audit-scope.js';
import { timeSlicer, writeInChunks } from '../../lib/chunked-write.js';
import type { Clock } from '../../lib/clock.js';
import { XlsxLimitError, XlsxReadError } from '../../lib/xlsx/index.js';
import type { Actor } from '../role/index.js';
import { detectFileType } from '../files/index.js';
import type { JobContext, JobFile, JobService, ReportProgress } from '../jobs/index.js';
import {
  IMPORT_ACCESS,
  importKinds,
  RowRefused,
  type Checked,
  type Ctx,
  type ImportServices,
  type Reason,
} from './import.kinds.js';
import type { ImportRepository, ImportRowRow, ImportRunRow } from './import.repository.js';
import {
  headerOf,
  headersIn,
  ImportShapeError,
  readImportRows,
  resultWorkbook,
  templateWorkbook,
  type ResultRow,
} from './import.xlsx.js';

const DAY = 86_400_000;
// Rows checked, or written, between two progress updates (and turns of the event loop).
const STEP = 200;
// At most this long between two renewals of the job's lease while the write checks its rows again (the lease,
// JOB_LEASE_SECONDS, is 60 s by default): a row's look-ups may be slow, so rows alone do not bound it.
const RENEW_MS = 5_000;
// The refusals of an owner who may no longer act (the jobs' owner check, decision 386), as against a lost claim.
const isOwnerRefusal = (err: unknown) =>
  err instanceof AppError && (err.code === Code.ACCOUNT_INACTIVE || err.code === Code.TWO_FACTOR_SETUP_REQUIRED);
// Control characters other than tab and line breaks: never stored (PostgreSQL refuses NUL in text).
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const safeName = (name: string) =>
  Array.from(name)
    .filter((ch) => ch.charCodeAt(0) >= 0x20)
    .join('')
    .slice(0, 255);

const toRun = (r: ImportRunRow): ImportRun => ({
  id: r.id,
  kind: r.kind as ImportKind,
  status: r.status,
  mode: r.mode,
  fileName: r.fileName,
  total: r.total,
  toAdd: r.toAdd,
  toChange: r.toChange,
  toRefuse: r.toRefuse,
  processed: r.processed,
  added: r.added,
  changed: r.changed,
  refused: r.refused,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

// The write of a checked run, a background job of the jobs module (decision 213): the run, its mode, and the
// permissions the importer held when starting it (narrowed to those still held when it runs).
type ImportJobParams = {
  runId: number;
  fileName: string | null;
  mode: 'all' | 'valid';
  perms: string[];
  activeRoleId: number | null;
};
const jobKind = (kind: ImportKind) => `import.${kind}`;
// The message box's words of the job: its title (ready or failed) and a failure's text.
const JOB_TEXT: Record<Locale, { ready: (name: string) => string; refused: string; failed: string }> = {
  'zh-TW': {
    ready: (name) => `匯入：${name}`,
    refused: '「全部或全不」：開始寫入時有資料列被拒絕（資料在試算後有變更），未寫入任何資料。',
    failed: '匯入失敗，請稍後再試。',
  },
  'zh-CN': {
    ready: (name) => `导入：${name}`,
    refused: '“全部或全不”：开始写入时有数据行被拒绝（数据在试算后有变更），未写入任何数据。',
    failed: '导入失败，请稍后再试。',
  },
  'en-US': {
    ready: (name) => `Import: ${name}`,
    refused:
      'All or nothing: rows were refused when the write began (the data changed since the dry run), so nothing was written.',
    failed: 'The import failed; try again later.',
  },
};

const OUTCOME_KEY: Record<string, MessageKey> = {
  add: 'importOutcomeAdd',
  change: 'importOutcomeChange',
  refuse: 'importOutcomeRefuse',
  added: 'importOutcomeAdded',
  changed: 'importOutcomeChanged',
  refused: 'importOutcomeRefused',
  skipped: 'importOutcomeSkipped',
};

export function createImportService(deps: {
  repo: ImportRepository;
  services: ImportServices;
  clock: Clock;
  jobs: Pick<JobService, 'register' | 'enqueue'>;
  // The member's permissions now (the write runs later: what was revoked meanwhile no longer counts).
  permsOf: (memberId: number) => Promise<string[]>;
  audit: AuditLog;
  // How long a written run keeps its rows and result sheet (IMPORT_KEEP_DAYS).
  keepMs: number;
}) {
  const { repo, clock } = deps;
  const kinds = importKinds(deps.services, repo, clock);

  // A stored reason in the reader's language, the column by its header.
  function reasonText(kind: ImportKind, stored: string | null, locale: Locale): string {
    if (!stored) return '';
    const r = JSON.parse(stored) as Reason;
    const column = r.column ? headerOf(kind, r.column, locale) : '';
    if (r.problem) return describeProblem(Object.assign({}, r.problem, { field: column || r.problem.field }), locale);
    const params: Record<string, string | number> = Object.assign({}, r.params, { column });
    if (r.key === 'badRequest' && typeof params.reason === 'string') {
      return describeProblem(
        { field: column || String(params.field ?? ''), reason: params.reason as MessageKey, params },
        locale,
      );
    }
    return formatMessage(r.key ?? 'badRequest', locale, params);
  }

  async function fileContent(file: IncomingFile | undefined): Promise<Buffer> {
    if (!file || file.size === 0) throw new AppError(Code.IMPORT_EMPTY);
    const content = /\.xlsx$/i.test(file.fileName) ? await fs.promises.readFile(file.tempPath) : undefined;
    if (!content || detectFileType(content, file.fileName)?.extension !== 'xlsx')
      throw badRequest('file', 'v.importFileType');
    return content;
  }

  // One row's cells by column key, or why the row is refused before its schema sees it.
  function cellsOf(kind: ImportKind, cells: string[], formulas: number[] | undefined) {
    const columns = IMPORT_COLUMNS[kind];
    if (formulas?.length) return { reason: { key: 'importRowFormula', column: columns[formulas[0]!]!.key } as Reason };
    const bad = cells.findIndex((c) => CONTROL.test(c));
    if (bad >= 0) return { reason: { key: 'importRowControl', column: columns[bad]!.key } as Reason };
    return { cells: Object.fromEntries(columns.map((c, i) => [c.key, cells[i]!.trim()])) };
  }

  async function checkRow(
    kind: ImportKind,
    raw: string[],
    formulas: number[] | undefined,
    ctx: Ctx,
    seen: Map<string, number>,
    rowNo: number,
  ): Promise<Checked> {
    const def = kinds[kind];
    const { cells, reason } = cellsOf(kind, raw, formulas);
    if (!cells) return { action: 'refuse', reason: reason! };
    const checked = await def.check(cells, ctx);
    if (checked.action === 'refuse') return checked;
    if (checked.key !== undefined) {
      const first = seen.get(checked.key);
      if (first !== undefined && first !== rowNo)
        return { action: 'refuse', reason: { key: 'importRowDuplicate', params: { row: first } } };
      seen.set(checked.key, rowNo);
    }
    // An application row naming a course choice of the same student as an earlier row (decision 342).
    if (checked.action === 'add' && checked.choices) {
      for (const c of checked.choices) {
        const first = seen.get(c.key);
        if (first !== undefined && first !== rowNo)
          return { action: 'refuse', reason: { key: 'importRowSameChoice', params: { row: first }, column: c.column } };
      }
      for (const c of checked.choices) seen.set(c.key, rowNo);
    }
    if (checked.action === 'change' && def.changePerm && !ctx.actor.perms.has(def.changePerm))
      return { action: 'refuse', reason: { key: 'importRowNoUpdate', params: { value: raw[1] ?? raw[0] ?? '' } } };
    return checked;
  }

  async function readRows(kind: ImportKind, content: Buffer, locale: Locale) {
    const rows: { rowNo: number; cells: string[]; formulas?: number[] }[] = [];
    try {
      for await (const chunk of readImportRows(content, kind, IMPORT_ROWS_MAX)) rows.push(...chunk);
    } catch (err) {
      if (err instanceof ImportShapeError && err.kind === 'format')
        throw new AppError(Code.IMPORT_FILE_FORMAT, undefined, { headers: headersIn(kind, locale).join(', ') });
      if (err instanceof ImportShapeError || (err instanceof XlsxLimitError && err.kind === 'rows'))
        throw new AppError(Code.IMPORT_TOO_MANY_ROWS, undefined, { max: IMPORT_ROWS_MAX, size: IMPORT_FILE_MAX_MB });
      if (err instanceof XlsxLimitError) throw badRequest('file', 'v.importFileBomb', { problem: err.message });
      if (err instanceof XlsxReadError) throw badRequest('file', 'v.importFileRead', { problem: err.message });
      throw err;
    }
    if (!rows.length) throw new AppError(Code.IMPORT_EMPTY);
    return rows;
  }

  async function mine(kind: ImportKind, id: number, actor: Actor): Promise<ImportRunRow> {
    const run = await repo.run(id);
    if (!run || run.kind !== kind || run.createdBy !== actor.id) throw notFound();
    return run;
  }

  function preview(kind: ImportKind, rows: ImportRowRow[], locale: Locale): ImportRowPreview[] {
    return rows.map((r) => {
      const cells = JSON.parse(r.cells) as string[];
      return {
        rowNo: r.rowNo,
        action: r.action,
        summary: cells.filter(Boolean).slice(0, 3).join(' · ').slice(0, 200),
        reason: r.action === 'refuse' ? reasonText(kind, r.reason, locale) : null,
      };
    });
  }

  // The result sheet's rows: each row's outcome (or the dry run's action) and the reason of a refusal.
  function resultOf(kind: ImportKind, run: ImportRunRow, locale: Locale) {
    const source = repo.rows(run.id);
    async function* rows(): AsyncGenerator<ResultRow[]> {
      for await (const chunk of source) {
        yield chunk.map((r) => ({
          rowNo: r.rowNo,
          outcome: formatMessage(OUTCOME_KEY[r.outcome ?? r.action]!, locale),
          reason:
            r.outcome === 'refused' || (!r.outcome && r.action === 'refuse') ? reasonText(kind, r.reason, locale) : '',
          cells: JSON.parse(r.cells) as string[],
        }));
      }
    }
    const base = (run.fileName ?? `${kind}.xlsx`).replace(/\.xlsx$/i, '');
    return { fileName: `${base}-result`, rows: rows() };
  }

  // The write of a run (the job): each row checked again (the data may have changed since the dry run) and written
  // through the form's own service call. "all": nothing unless every row passes (the run goes back to checked), and
  // what this run added or changed is taken back when a row fails while writing or the write stops (the job's claim
  // lost); "valid": the valid rows. Progress every 200 rows and every RENEW_MS, in the job (its lease) and the run's
  // row. One audit entry, as the importer: the run's counts and status.
  async function write(kind: ImportKind, job: JobContext, report: ReportProgress): Promise<JobFile> {
    const p = job.params as ImportJobParams;
    const run = await repo.run(p.runId);
    if (!run || run.kind !== kind || run.createdBy !== job.memberId) throw new AppError(Code.IMPORT_NOT_CHECKED);
    // A worker that lost the job's claim while writing ended the run itself (failed, what it wrote taken back in
    // "all"); one that died while writing left rows written (processed > 0, counted before the first row is
    // written). Either way the run is not written twice: a retry fails it.
    if (run.status === 'done' || run.status === 'failed') throw new AppError(Code.JOB_FAILED);
    if (run.status !== 'running') throw new AppError(Code.IMPORT_NOT_CHECKED);
    if (run.processed > 0) {
      await repo.progress(run.id, { status: 'failed' }, clock.now());
      throw new AppError(Code.JOB_FAILED);
    }
    // Its owner's permissions now, as a signed-in call gets them: none, and why (1001, 1012), when they may no longer
    // act; the write then ends as when the add permission was lost.
    const owner = await deps.permsOf(job.memberId).then(
      (perms) => ({ perms, refusal: undefined as unknown }),
      (refusal: unknown) => ({ perms: [] as string[], refusal }),
    );
    const held = new Set(owner.perms);
    const actor: Actor = {
      id: job.memberId,
      perms: new Set(p.perms.filter((x) => held.has(x))),
      activeRoleId: p.activeRoleId,
    };
    const def = kinds[kind];
    const ctx: Ctx = { actor, locale: job.locale };
    const isAll = p.mode === 'all';
    const tally = { processed: 0, added: 0, changed: 0, refused: 0 };
    await report(0, run.total);
    await runAuditedJob(deps.audit, { action: 'import.write', record: 'importRun' }, actor, [run.id], async () => {
      if (!actor.perms.has(IMPORT_ACCESS[kind])) {
        await repo.release(run.id, clock.now());
        throw owner.refusal ?? new AppError(Code.FORBIDDEN);
      }
      // All or nothing: everything checked again first; one refusal writes nothing.
      const seen = new Map<string, number>();
      const rechecked = new Map<number, Checked>();
      let refusedNow = 0;
      const turn = timeSlicer();
      // The pass writes nothing, so without these reports its job's lease would run out on a long sheet (50,000
      // rows with look-ups) and another server would write the run too. A report throws once the claim is lost,
      // which ends this write before its first row.
      let checkedRows = 0;
      let renewedAt = clock.now();
      // A report before the first row is written. Refused because the owner may no longer act (1001, 1012: the report
      // renewed the claim first), the run goes back to checked, as that refusal at the start puts it; a lost claim
      // leaves the run to the job's next holder.
      const reportUnwritten = async () => {
        try {
          await report(0, run.total);
        } catch (err) {
          if (isOwnerRefusal(err)) await repo.release(run.id, clock.now());
          throw err;
        }
        renewedAt = clock.now();
      };
      for await (const chunk of repo.rows(run.id)) {
        for (const r of chunk) {
          await turn();
          if (++checkedRows % STEP === 0 || clock.now() - renewedAt >= RENEW_MS) await reportUnwritten();
          if (r.action === 'refuse') {
            refusedNow += 1;
            continue;
          }
          const checked = await checkRow(kind, JSON.parse(r.cells) as string[], undefined, ctx, seen, r.rowNo);
          rechecked.set(r.id, checked);
          if (checked.action === 'refuse') refusedNow += 1;
        }
      }
      // Still this worker's job before the run is given back or its first row written (the claim may have gone
      // since the last report).
      await reportUnwritten();
      if (isAll && refusedNow > 0) {
        await repo.release(run.id, clock.now());
        throw new AppError(Code.IMPORT_HAS_REFUSED, undefined, { count: refusedNow });
      }
      // What an all-or-nothing run wrote, in order: the row, the record, and for a change what it held before.
      const written: { rowId: number; id: number; isChange: boolean; before?: unknown }[] = [];
      let failed: Reason | undefined;
      // The database refused a row no check foresaw: an all-or-nothing run is taken back, then the job fails.
      let fatal: unknown;
      // The outcomes of the chunk being written, stored at its end (or where the write stopped).
      let outcomes: Parameters<ImportRepository['setOutcomes']>[0] = [];
      let hasWritten = false;
      // A report that threw: the claim is lost (or could not be renewed), so the job may be another worker's now.
      let isReportRefused = false;
      // The run's counts, then the job's progress, which renews its lease and throws once the claim is lost. The counts
      // go first: a worker that takes the job over after this report (its lease run out) finds the write begun
      // (processed > 0) and fails the run without writing a row.
      const progress = async () => {
        await outsideAuditScope(() => repo.progress(run.id, { ...tally }, clock.now()));
        try {
          await report(tally.processed, run.total);
        } catch (err) {
          isReportRefused = true;
          throw err;
        }
        renewedAt = clock.now();
      };
      // Where the write stopped before its end (the claim lost, the database gone).
      let stopped: { err: unknown } | undefined;
      try {
        for await (const chunk of repo.rows(run.id)) {
          for (const r of chunk) {
            await turn();
            tally.processed += 1;
            const checked = failed || r.action === 'refuse' ? undefined : rechecked.get(r.id);
            const isWrite = checked !== undefined && checked.action !== 'refuse';
            // Before the first row written, then every 200 rows and at least every RENEW_MS (a row's write, another
            // module's service call, may be slow: rows alone do not keep the lease).
            if ((isWrite && !hasWritten) || tally.processed % STEP === 0 || clock.now() - renewedAt >= RENEW_MS)
              await progress();
            if (failed) {
              outcomes.push({ id: r.id, outcome: 'skipped' });
              continue;
            }
            if (!checked || checked.action === 'refuse') {
              tally.refused += 1;
              outcomes.push({
                id: r.id,
                outcome: 'refused',
                ...(checked?.action === 'refuse' ? { reason: JSON.stringify(checked.reason) } : {}),
              });
              continue;
            }
            hasWritten = true;
            try {
              const target = checked.action === 'change' ? checked.targetId : null;
              const before = isAll && target !== null && def.before ? await def.before(target) : undefined;
              const id = await outsideAuditScope(() => def.write(checked.body, target, ctx));
              if (isAll) written.push({ rowId: r.id, id, isChange: target !== null, before });
              if (target === null) tally.added += 1;
              else tally.changed += 1;
              outcomes.push({ id: r.id, outcome: target === null ? 'added' : 'changed', targetId: id });
            } catch (err) {
              const refusal: Reason | undefined =
                err instanceof RowRefused
                  ? err.reason
                  : err instanceof AppError
                    ? { key: err.messageKey, params: err.params }
                    : undefined;
              if (!refusal && !isAll) throw err;
              if (!refusal) fatal = err;
              tally.refused += 1;
              outcomes.push({
                id: r.id,
                outcome: 'refused',
                ...(refusal ? { reason: JSON.stringify(refusal) } : {}),
              });
              if (isAll) failed = refusal ?? {};
            }
          }
          await outsideAuditScope(() => repo.setOutcomes(outcomes));
          outcomes = [];
          await progress();
        }
      } catch (err) {
        // The claim was not confirmed before this worker wrote a row: the run is left as it is to the job's next
        // holder (which writes it when it finds nothing begun, or fails it).
        if (isReportRefused && !hasWritten) {
          if (isOwnerRefusal(err)) await repo.release(run.id, clock.now());
          throw err;
        }
        stopped = { err };
        if (isAll) failed ??= {};
      }
      // All or nothing: a row refused while writing (a change made meanwhile), or a write that stopped, takes back
      // what this run wrote, the last first: its additions removed, its changes set back to what they held (decision
      // 337). A row that cannot be taken back (applications have no remove call; an entry changed again since) keeps
      // its outcome and count; the others become "not written", so the result sheet and the counts say what the
      // database holds. Only this worker knows what it wrote and what its changes overwrote, and a worker that takes
      // the job over never writes a begun run, so this is the one undo: it goes on when the claim is lost (renewing
      // the lease while it holds it, so no other worker fails the run meanwhile).
      if (failed) {
        let isClaimHeld = !isReportRefused;
        const undone = new Set<number>();
        try {
          for (const w of written.reverse()) {
            if (isClaimHeld && clock.now() - renewedAt >= RENEW_MS) {
              renewedAt = clock.now();
              isClaimHeld = await report(tally.processed, run.total).then(
                () => true,
                () => false,
              );
            }
            const back = w.isChange
              ? def.restore && (() => def.restore!(w.id, w.before, ctx))
              : def.undo && (() => def.undo!(w.id, ctx));
            if (!back) continue;
            try {
              await outsideAuditScope(back);
            } catch (err) {
              if (err instanceof AppError) continue;
              throw err;
            }
            if (w.isChange) tally.changed -= 1;
            else tally.added -= 1;
            undone.add(w.rowId);
          }
        } catch (err) {
          stopped ??= { err };
        }
        // The outcomes not stored yet, and those taken back over them.
        const byRow = new Map(outcomes.map((o) => [o.id, o]));
        for (const id of undone) byRow.set(id, { id, outcome: 'skipped' });
        outcomes = [...byRow.values()];
      }
      await outsideAuditScope(() => repo.setOutcomes(outcomes));
      if (stopped || fatal !== undefined) {
        // The rows the write never reached are not written either.
        if (stopped) await outsideAuditScope(() => repo.skipUnwritten(run.id));
        // Outside the scope: the job's entry is written as it ends, with the failure's outcome.
        await outsideAuditScope(() => repo.progress(run.id, { ...tally, status: 'failed' }, clock.now()));
        throw stopped ? stopped.err : fatal;
      }
      // The job's one audit entry: this update of the run, with its counts (the rows' own writes are not entries).
      await repo.progress(run.id, { ...tally, status: failed ? 'failed' : 'done' }, clock.now());
    });
    const result = resultOf(kind, (await repo.run(run.id))!, job.locale);
    return {
      stream: resultWorkbook(kind, result.rows, job.locale),
      fileName: `${result.fileName}.xlsx`,
      done: tally.processed,
      total: run.total,
    };
  }

  for (const kind of Object.keys(kinds) as ImportKind[])
    deps.jobs.register(jobKind(kind), {
      run: (job, report) => write(kind, job, report),
      readyTitle: (locale, job) => {
        const p = job.params as ImportJobParams;
        return JOB_TEXT[locale].ready(p.fileName ?? `#${p.runId}`);
      },
      failedText: (locale, code) =>
        code === Code.IMPORT_HAS_REFUSED ? JOB_TEXT[locale].refused : JOB_TEXT[locale].failed,
      permission: IMPORT_ACCESS[kind],
    });

  return {
    reasonText,

    async template(kind: ImportKind, locale: Locale): Promise<Buffer> {
      return templateWorkbook(kind, locale, await kinds[kind].allowed());
    },

    // The dry run: every row read and checked as its form would be, nothing written but the run and its rows
    // (staged under a run no one sees until the last step marks it checked).
    async check(kind: ImportKind, file: IncomingFile | undefined, actor: Actor, locale: Locale): Promise<ImportCheck> {
      const content = await fileContent(file);
      const rows = await readRows(kind, content, locale);
      const ctx: Ctx = { actor, locale };
      const seen = new Map<string, number>();
      const staged: {
        rowNo: number;
        action: 'add' | 'change' | 'refuse';
        cells: string;
        reason: string | null;
        targetId: number | null;
      }[] = [];
      const counts = { add: 0, change: 0, refuse: 0 };
      const turn = timeSlicer();
      for (const r of rows) {
        await turn();
        const checked = await checkRow(kind, r.cells, r.formulas, ctx, seen, r.rowNo);
        counts[checked.action] += 1;
        staged.push({
          rowNo: r.rowNo,
          action: checked.action,
          cells: JSON.stringify(r.cells.map((c) => c.replace(new RegExp(CONTROL, 'g'), ''))),
          reason: checked.action === 'refuse' ? JSON.stringify(checked.reason) : null,
          targetId: checked.action === 'change' ? checked.targetId : null,
        });
      }
      const now = clock.now();
      const id = await outsideAuditScope(() =>
        repo.transaction((tx) =>
          repo.insertRun(tx, {
            kind,
            status: 'checking',
            mode: null,
            fileName: safeName(file!.fileName),
            total: rows.length,
            toAdd: counts.add,
            toChange: counts.change,
            toRefuse: counts.refuse,
            createdBy: actor.id,
            createdAt: now,
            updatedAt: now,
          }),
        ),
      );
      await writeInChunks(staged, (chunk) =>
        outsideAuditScope(() =>
          repo.transaction((tx) =>
            repo.insertRows(
              tx,
              chunk.map((r) => Object.assign({}, r, { runId: id, outcome: null })),
            ),
          ),
        ),
      );
      // The run is the record of the call's one audit entry: the last step below writes it.
      noteAuditRecord(id);
      await repo.progress(id, { status: 'checked' }, clock.now());
      const list = [
        ...(await repo.preview(id, 'refuse', IMPORT_PREVIEW_ROWS)),
        ...(await repo.preview(id, 'change', IMPORT_PREVIEW_ROWS)),
        ...(await repo.preview(id, 'add', IMPORT_PREVIEW_ROWS)),
      ].slice(0, IMPORT_PREVIEW_ROWS);
      return { ...toRun((await repo.run(id))!), preview: preview(kind, list, locale) };
    },

    // Starts the write of a checked run as a background job (its progress and result sheet those of the jobs
    // module). "all" with rows the dry run refused writes nothing (7984, at once); the job checks every row again.
    async start(kind: ImportKind, body: ImportRunBody, actor: Actor, locale: Locale): Promise<ImportStart> {
      const run = await mine(kind, body.id, actor);
      if (run.status !== 'checked') throw new AppError(Code.IMPORT_NOT_CHECKED);
      if (body.mode === 'all' && run.toRefuse > 0)
        throw new AppError(Code.IMPORT_HAS_REFUSED, undefined, { count: run.toRefuse });
      // The call's audit entry: the run claimed (checked → running, its mode).
      if (!(await repo.claim(run.id, body.mode, clock.now()))) throw new AppError(Code.IMPORT_NOT_CHECKED);
      const params: ImportJobParams = {
        runId: run.id,
        fileName: run.fileName,
        mode: body.mode,
        perms: [...actor.perms],
        activeRoleId: actor.activeRoleId ?? null,
      };
      try {
        const job = await deps.jobs.enqueue(jobKind(kind), actor.id, params, locale);
        return { ...toRun((await repo.run(run.id))!), jobId: job.id };
      } catch (err) {
        await repo.release(run.id, clock.now());
        throw err;
      }
    },

    view: async (kind: ImportKind, id: number, actor: Actor) => toRun(await mine(kind, id, actor)),

    async result(kind: ImportKind, id: number, actor: Actor, locale: Locale) {
      return resultOf(kind, await mine(kind, id, actor), locale);
    },

    // Dry runs never written are kept a day; written runs, whose rows hold the people's data as imported (and make
    // the result sheet), `keepMs` after their write ended (IMPORT_KEEP_DAYS). Then removed with their rows.
    sweep: async () =>
      (await repo.deleteCheckedBefore(clock.now() - DAY)) + (await repo.deleteWrittenBefore(clock.now() - deps.keepMs)),
  };
}
export type ImportService = ReturnType<typeof createImportService>;
