import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { Code, isLocale, type Locale, type Page } from '@study-crm/shared';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import type { Caller } from '../../http/context.js';
import { parseInput } from '../../http/route.js';
import type { JobService, ReportProgress } from '../jobs/index.js';
import { writeWorkbook, type ExportColumn } from './workbook.js';

// A list that can be exported: the list's own permission, query schema and page read (the service call its list
// route makes, with the caller's access checks), and its columns. The export pages through the same call.
export type Exporter<Q = never, T = never> = {
  list: string;
  perm: string;
  sheet: Record<Locale, string>;
  query: z.ZodType<Q>;
  // `totalCapped`: the list counts up to a cap and its total is a floor (the operation log, decision 249).
  page: (q: Q, caller: Caller, pageNum: number, pageSize: number) => Promise<Page<T> & { totalCapped?: boolean }>;
  columns: readonly ExportColumn<T>[];
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyExporter = Exporter<any, any>;

// The `page` of a list whose service call takes the list's query with its page (most lists): the export's page
// number and size replace the screen's.
export const listPages =
  <Q, T>(list: (q: Q & { pageNum: number; pageSize: number }) => Promise<Page<T>>): Exporter<Q, T>['page'] =>
  (q, _caller, pageNum, pageSize) =>
    list({ ...q, pageNum, pageSize });

// A row's values as JSON (a bigint as its digits), to tell one page from another.
const plain = (_key: string, v: unknown) => (typeof v === 'bigint' ? String(v) : v);

// Rows read per page of the list's own query.
export const EXPORT_PAGE = 500;
const JOB_KIND = 'export';

type ExportParams = { list: string; filters: Record<string, unknown>; perms: string[] };

type ExportInput = { list: string; filters?: string | null | undefined; locale?: Locale | null | undefined };

export function createExportService(deps: {
  jobs: Pick<JobService, 'register' | 'enqueue'>;
  // The member's permissions now (a job runs later: what was revoked meanwhile is not exported).
  permsOf: (memberId: number) => Promise<string[]>;
  settings: Pick<Config['jobs'], 'directMaxRows'>;
}) {
  const exporters = new Map<string, AnyExporter>();

  const exporterOf = (list: string, caller: Caller): AnyExporter => {
    const e = exporters.get(list);
    if (!e) throw new AppError(Code.EXPORT_UNKNOWN_LIST);
    if (!caller.perms.has(e.perm)) throw new AppError(Code.FORBIDDEN);
    return e;
  };
  // The list's filters read by its own schema, as its list route reads a query. The paging fields are the export's
  // own: a screen's page number, size or seek cursor (the operation log's `cursor` reads one page after it whatever
  // the page number, decision 249) would make every page of the export the same.
  const queryOf = (e: AnyExporter, raw: Record<string, unknown>): unknown => {
    const { pageNum: _n, pageSize: _s, cursor: _c, ...rest } = raw;
    return parseInput(e.query, rest, 'filters');
  };
  const filtersOf = (e: AnyExporter, json: string | null | undefined): unknown => {
    let raw: unknown;
    try {
      raw = JSON.parse(json ?? '{}');
    } catch {
      throw new AppError(Code.BAD_REQUEST, 'badRequest', { field: 'filters', reason: 'v.format' });
    }
    if (!raw || typeof raw !== 'object' || Array.isArray(raw))
      throw new AppError(Code.BAD_REQUEST, 'badRequest', { field: 'filters', reason: 'v.format' });
    return queryOf(e, raw as Record<string, unknown>);
  };

  // Every row of the list, page by page through the list's own read, with progress after each page. A full page the
  // same as the one before means the list's call did not move to the next page: the export fails rather than write
  // that page for ever.
  async function* rowsOf(e: AnyExporter, q: unknown, caller: Caller, report?: ReportProgress) {
    let previous: string | undefined;
    for (let pageNum = 1; ; pageNum++) {
      const page = await e.page(q, caller, pageNum, EXPORT_PAGE);
      if (page.list.length >= EXPORT_PAGE) {
        const seen = createHash('sha256').update(JSON.stringify(page.list, plain)).digest('base64');
        if (seen === previous) throw new Error(`export ${e.list}: page ${pageNum} repeats page ${pageNum - 1}`);
        previous = seen;
      }
      for (const row of page.list) yield row;
      const done = Math.min(page.total, (pageNum - 1) * EXPORT_PAGE + page.list.length);
      if (report) await report(done, page.total);
      if (page.list.length < EXPORT_PAGE) return;
    }
  }
  const columnsFor = (e: AnyExporter, caller: Caller) => e.columns.filter((c) => !c.perm || caller.perms.has(c.perm));
  const fileName = (e: AnyExporter) => `${e.list}-${new Date().toISOString().slice(0, 10)}.xlsx`;

  deps.jobs.register(JOB_KIND, {
    readyTitle: (locale, job) => {
      const e = exporters.get((job.params as ExportParams).list);
      const what = e?.sheet[locale] ?? '';
      return locale === 'en-US'
        ? `Export ready: ${what}`
        : locale === 'zh-CN'
          ? `导出完成：${what}`
          : `匯出完成：${what}`;
    },
    // The file holds the list's rows: its owner downloads it only while they may still see that list (a role
    // changed, the permission revoked, a sign-in waiting for its second factor: refused; decision 334).
    permission: (job) => exporters.get((job.params as ExportParams).list)?.perm ?? null,
    async run(job, report) {
      const p = job.params as ExportParams;
      // Its owner's permissions now, as a signed-in call gets them (refused, 1001/1012: the job fails, nothing read).
      const now = new Set(await deps.permsOf(job.memberId));
      const caller: Caller = { id: job.memberId, perms: new Set(p.perms.filter((x) => now.has(x))) };
      const e = exporterOf(p.list, caller);
      // Read as at the start (a job queued by an older server may still hold a cursor).
      const q = queryOf(e, p.filters);
      let written = 0;
      let total = 0;
      async function* counted() {
        for await (const row of rowsOf(e, q, caller, async (done, all) => {
          total = all;
          await report(done, all);
        })) {
          written++;
          yield row;
        }
      }
      const stream = writeWorkbook(e.sheet[job.locale], columnsFor(e, caller), counted(), job.locale);
      return {
        stream,
        fileName: fileName(e),
        get done() {
          return written;
        },
        get total() {
          return total;
        },
      };
    },
  });

  // The list's exporter, its checked filters, how many rows they select and whether that is too many for a direct
  // download. A capped total is only a floor: it may stand for any number of rows, so it runs as a job (decision 350).
  const counted = async (input: ExportInput, caller: Caller) => {
    const e = exporterOf(input.list, caller);
    const q = filtersOf(e, input.filters);
    const { total, totalCapped } = await e.page(q, caller, 1, 1);
    return { e, q, total, isJob: totalCapped === true || total > deps.settings.directMaxRows };
  };

  return {
    register<Q, T>(e: Exporter<Q, T>) {
      exporters.set(e.list, e as AnyExporter);
    },
    lists: () => [...exporters.keys()],

    // Starts an export: at most `directMaxRows` rows are downloaded at once (`jobId` null: fetch the file), more
    // (or a count that stopped at its cap) run as a background job whose file arrives in the message box.
    async start(input: ExportInput, caller: Caller, locale: Locale) {
      const { e, q, total, isJob } = await counted(input, caller);
      if (!isJob) return { jobId: null, total };
      const params: ExportParams = {
        list: e.list,
        filters: q as Record<string, unknown>,
        perms: [...caller.perms],
      };
      const job = await deps.jobs.enqueue(JOB_KIND, caller.id, params, input.locale ?? locale);
      return { jobId: job.id, total };
    },

    // The file of a direct export (refused above `directMaxRows` rows or a capped count: those run as a job).
    async file(input: ExportInput, caller: Caller, locale: Locale) {
      const { e, q, isJob } = await counted(input, caller);
      if (isJob) throw new AppError(Code.JOB_NOT_READY);
      const l = input.locale && isLocale(input.locale) ? input.locale : locale;
      return {
        stream: writeWorkbook(e.sheet[l], columnsFor(e, caller), rowsOf(e, q, caller), l),
        fileName: fileName(e),
      };
    },
  };
}
export type ExportService = ReturnType<typeof createExportService>;
