import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatMessage, IMPORT_COLUMNS, LOCALES, type ImportKind, type Locale } from '@study-crm/shared';
import { DEFAULT_XLSX_LIMITS, readSheetRowsOffThread, type SheetRow } from '../../lib/xlsx/index.js';
import { neutralise } from '../export/index.js';

// The import sheets: the template (headers in the reader's language, one example row, the allowed values on a second
// sheet), the reading of an upload (lib/xlsx, off the request thread, with its size and inflate limits) and the
// result sheet (streamed). Every cell is written as text: nothing in a sheet we hand out is a formula.

export const headersIn = (kind: ImportKind, locale: Locale) => IMPORT_COLUMNS[kind].map((c) => c.header[locale]);
export const headerOf = (kind: ImportKind, key: string, locale: Locale) =>
  IMPORT_COLUMNS[kind].find((c) => c.key === key)?.header[locale] ?? key;

export async function templateWorkbook(
  kind: ImportKind,
  locale: Locale,
  allowed: Record<string, string[]>,
): Promise<Buffer> {
  const columns = IMPORT_COLUMNS[kind];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(kind);
  ws.columns = columns.map((c) => ({ header: c.header[locale], width: Math.max(12, c.header[locale].length + 4) }));
  ws.getRow(1).font = { bold: true };
  // Text cells, so leading zeros and dates survive when someone types over the example.
  for (let i = 1; i <= columns.length; i += 1) ws.getColumn(i).numFmt = '@';
  ws.addRow(columns.map((c) => c.example));
  const values = wb.addWorksheet(formatMessage('importAllowedValues', locale));
  const lists = columns
    .map((c) => ({ header: c.header[locale], values: allowed[c.key] ?? [...(c.allowed ?? [])] }))
    .filter((l) => l.values.length);
  values.columns = lists.map((l) => ({ header: l.header, width: Math.max(14, l.header.length + 4) }));
  values.getRow(1).font = { bold: true };
  const depth = Math.max(0, ...lists.map((l) => l.values.length));
  for (let i = 0; i < depth; i += 1) values.addRow(lists.map((l) => l.values[i] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export class ImportShapeError extends Error {
  constructor(readonly kind: 'format' | 'tooMany') {
    super(kind);
  }
}

const known = (kind: ImportKind) =>
  IMPORT_COLUMNS[kind].map(
    (c) => new Set([c.key, ...LOCALES.map((l) => c.header[l])].map((h) => h.trim().toLowerCase())),
  );

// Sheet rows after the template's header row (in any of the three languages), blank rows skipped; at most
// `maxRows`, and no more than BLANK_ROWS_MAX blank ones besides (a sheet of empty rows is a bomb's favourite shape).
const BLANK_ROWS_MAX = 10_000;
export async function* readImportRows(content: Buffer, kind: ImportKind, maxRows: number): AsyncGenerator<SheetRow[]> {
  const headers = known(kind);
  const limits = { ...DEFAULT_XLSX_LIMITS, rows: maxRows + 1 + BLANK_ROWS_MAX };
  let hasHeader = false;
  let count = 0;
  for await (const chunk of readSheetRowsOffThread(content, headers.length, { limits })) {
    const out: SheetRow[] = [];
    for (const row of chunk) {
      const blank = row.cells.every((c) => !c.trim());
      if (!hasHeader) {
        if (blank) continue;
        if (!row.cells.every((c, i) => headers[i]!.has(c.trim().toLowerCase()))) throw new ImportShapeError('format');
        hasHeader = true;
        continue;
      }
      if (blank) continue;
      count += 1;
      if (count > maxRows) throw new ImportShapeError('tooMany');
      out.push(row);
    }
    if (out.length) yield out;
  }
  if (!hasHeader) throw new ImportShapeError('format');
}

export type ResultRow = { rowNo: number; outcome: string; reason: string; cells: string[] };

// The result sheet: row number, outcome and reason in the reader's language, then the cells as written (a cell
// that would start a formula with a leading apostrophe).
export function resultWorkbook(kind: ImportKind, rows: AsyncIterable<ResultRow[]>, locale: Locale): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('Result');
  ws.columns = [
    { header: formatMessage('importColRow', locale), width: 8 },
    { header: formatMessage('importColOutcome', locale), width: 12 },
    { header: formatMessage('importColReason', locale), width: 50 },
    ...headersIn(kind, locale).map((h) => ({ header: h, width: Math.max(12, h.length + 4) })),
  ];
  void (async () => {
    try {
      for await (const chunk of rows) {
        // The reason may quote a cell; the cells are the upload's: kept as text (export's neutralise).
        for (const r of chunk)
          ws.addRow([r.rowNo, r.outcome, neutralise(r.reason), ...r.cells.map(neutralise)]).commit();
      }
      ws.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return out;
}
