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
  type Locale,
  type MessageKey,
} from '@study-crm/shared';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { IncomingFile } from '../../http/multipart.js';
import { describeProblem } from '../../http/validation.js';
import { noteAuditRecord, outsideAuditScope } from '../../lib/audit-scope.js';
import { writeInChunks, yieldToEventLoop } from '../../lib/chunked-write.js';
import type { Clock } from '../../lib/clock.js';
import { XlsxLimitError, XlsxReadError } from '../../lib/xlsx/index.js';
import type { Actor } from '../role/index.js';
import { detectFileType } from '../files/index.js';
import { importKinds, type Checked, type Ctx, type ImportServices, type Reason } from './import.kinds.js';
import type { ImportRepository, ImportRowRow, ImportRunRow } from './import.repository.js';
import {
  headerOf,
  headersIn,
  ImportShapeError,
  readImportRows,
  templateWorkbook,
  type ResultRow,
} from './import.xlsx.js';

const DAY = 86_400_000;
// Rows checked, or written, between two progress updates (and turns of the event loop).
const STEP = 200;
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

const OUTCOME_KEY: Record<string, MessageKey> = {
  add: 'importOutcomeAdd',
  change: 'importOutcomeChange',
  refuse: 'importOutcomeRefuse',
  added: 'importOutcomeAdded',
  changed: 'importOutcomeChanged',
  refused: 'importOutcomeRefused',
  skipped: 'importOutcomeSkipped',
};

export function createImportService(deps: { repo: ImportRepository; services: ImportServices; clock: Clock }) {
  const { repo, clock } = deps;
  const kinds = importKinds(deps.services, repo);

  // A stored reason in the reader's language, the column by its header.
  function reasonText(kind: ImportKind, stored: string | null, locale: Locale): string {
    if (!stored) return '';
    const r = JSON.parse(stored) as Reason;
    const column = r.column ? headerOf(kind, r.column, locale) : '';
    if (r.problem) return describeProblem({ ...r.problem, field: column || r.problem.field }, locale);
    const params: Record<string, string | number> = { ...(r.params ?? {}), column };
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
      for (const [i, r] of rows.entries()) {
        if (i % STEP === STEP - 1) await yieldToEventLoop();
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
              chunk.map((r) => ({ ...r, runId: id, outcome: null })),
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

    // The write: each row checked again (the data may have changed since the dry run) and written through the form's
    // own service call. "all": nothing unless every row passes, and what this run added is removed again when a row
    // fails while writing; "valid": the valid rows. Progress in the run's row, read by view on any server.
    async run(kind: ImportKind, body: ImportRunBody, actor: Actor, locale: Locale): Promise<ImportRun> {
      const run = await mine(kind, body.id, actor);
      if (run.status !== 'checked') throw new AppError(Code.IMPORT_NOT_CHECKED);
      const def = kinds[kind];
      const ctx: Ctx = { actor, locale };
      if (!(await outsideAuditScope(() => repo.claim(run.id, body.mode, clock.now()))))
        throw new AppError(Code.IMPORT_NOT_CHECKED);
      const isAll = body.mode === 'all';
      // All or nothing: everything checked again first; one refusal writes nothing.
      const seen = new Map<string, number>();
      const rechecked = new Map<number, Checked>();
      let refusedNow = 0;
      for await (const chunk of repo.rows(run.id)) {
        for (const r of chunk) {
          if (r.action === 'refuse') {
            refusedNow += 1;
            continue;
          }
          const checked = await checkRow(kind, JSON.parse(r.cells) as string[], undefined, ctx, seen, r.rowNo);
          rechecked.set(r.id, checked);
          if (checked.action === 'refuse') refusedNow += 1;
        }
        await yieldToEventLoop();
      }
      if (isAll && refusedNow > 0) {
        await outsideAuditScope(() => repo.release(run.id, clock.now()));
        throw new AppError(Code.IMPORT_HAS_REFUSED, undefined, { count: refusedNow });
      }
      const tally = { processed: 0, added: 0, changed: 0, refused: 0 };
      const addedIds: number[] = [];
      let failed: Reason | undefined;
      for await (const chunk of repo.rows(run.id)) {
        const outcomes: Parameters<ImportRepository['setOutcomes']>[0] = [];
        for (const r of chunk) {
          tally.processed += 1;
          if (failed) {
            outcomes.push({ id: r.id, outcome: 'skipped' });
            continue;
          }
          const checked = r.action === 'refuse' ? undefined : rechecked.get(r.id);
          if (!checked || checked.action === 'refuse') {
            tally.refused += 1;
            outcomes.push({
              id: r.id,
              outcome: 'refused',
              ...(checked?.action === 'refuse' ? { reason: JSON.stringify(checked.reason) } : {}),
            });
            continue;
          }
          try {
            const target = checked.action === 'change' ? checked.targetId : null;
            const id = await outsideAuditScope(() => def.write(checked.body, target, ctx));
            if (target === null) {
              tally.added += 1;
              addedIds.push(id);
            } else tally.changed += 1;
            outcomes.push({ id: r.id, outcome: target === null ? 'added' : 'changed', targetId: id });
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            const reason: Reason = { key: err.messageKey, params: err.params };
            tally.refused += 1;
            outcomes.push({ id: r.id, outcome: 'refused', reason: JSON.stringify(reason) });
            if (isAll) failed = reason;
          }
          if (tally.processed % STEP === 0) {
            await outsideAuditScope(() => repo.progress(run.id, { ...tally }, clock.now()));
          }
        }
        await outsideAuditScope(() => repo.setOutcomes(outcomes));
        await outsideAuditScope(() => repo.progress(run.id, { ...tally }, clock.now()));
      }
      if (failed && def.undo) {
        // All or nothing: a row refused while writing (a change made meanwhile) takes back what this run added.
        for (const id of addedIds) await outsideAuditScope(() => def.undo!(id, ctx));
        tally.added = 0;
      }
      // The call's one audit entry: this update of the run, with its counts (the rows' own writes are not entries).
      await repo.progress(run.id, { ...tally, status: failed ? 'failed' : 'done' }, clock.now());
      return toRun((await repo.run(run.id))!);
    },

    view: async (kind: ImportKind, id: number, actor: Actor) => toRun(await mine(kind, id, actor)),

    async result(kind: ImportKind, id: number, actor: Actor, locale: Locale) {
      const run = await mine(kind, id, actor);
      const source = repo.rows(run.id);
      async function* rows(): AsyncGenerator<ResultRow[]> {
        for await (const chunk of source) {
          yield chunk.map((r) => ({
            rowNo: r.rowNo,
            outcome: formatMessage(OUTCOME_KEY[r.outcome ?? r.action]!, locale),
            reason:
              r.outcome === 'refused' || (!r.outcome && r.action === 'refuse')
                ? reasonText(kind, r.reason, locale)
                : '',
            cells: JSON.parse(r.cells) as string[],
          }));
        }
      }
      const base = (run.fileName ?? `${kind}.xlsx`).replace(/\.xlsx$/i, '');
      return { fileName: `${base}-result`, rows: rows() };
    },

    // Dry runs never written are kept a day, then removed with their rows.
    sweep: () => repo.deleteCheckedBefore(clock.now() - DAY),
  };
}
export type ImportService = ReturnType<typeof createImportService>;
