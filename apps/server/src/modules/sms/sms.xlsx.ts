import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatMessage, LOCALES, SMS_COLUMNS, type Locale, type MessageKey } from '@study-crm/shared';
import { DEFAULT_XLSX_LIMITS, readSheetRowsOffThread, XlsxLimitError } from '../../lib/xlsx/index.js';

// Reading the recipient .xlsx files (lib/xlsx, in a worker thread) and writing them with exceljs, streamed both ways.

const HEADER_KEY: Record<(typeof SMS_COLUMNS)[number], MessageKey> = {
  mobile: 'smsColMobile',
  region: 'smsColRegion',
  variables: 'smsColVariables',
};

export const headersIn = (locale: Locale) => SMS_COLUMNS.map((c) => formatMessage(HEADER_KEY[c], locale));

// The recipient template: headers in the caller's language, an example row, and a note on the variables column.
export async function templateWorkbook(locale: Locale): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('SMS');
  ws.columns = [
    { header: headersIn(locale)[0], width: 20 },
    { header: headersIn(locale)[1], width: 10 },
    { header: headersIn(locale)[2], width: 40 },
  ];
  ws.getRow(1).font = { bold: true };
  // Text cells, so a leading 0 survives when someone types over the example.
  ws.getColumn(1).numFmt = '@';
  ws.addRow(['0912345678', 'TW', 'name=Amy; course=IELTS']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export type FileRow = { rowNo: number; mobile: string; region: string; variables: string };

export class XlsxShapeError extends Error {
  constructor(readonly kind: 'format' | 'tooMany') {
    super(kind);
  }
}

const KNOWN_HEADERS = SMS_COLUMNS.map(
  (c, i) => new Set([c, ...LOCALES.map((l) => headersIn(l)[i]!.toLowerCase())].map((h) => h.toLowerCase())),
);

// Reads the first worksheet of the file in a worker thread (lib/xlsx): the header row must be the template's (in any
// of the three languages); data rows after it, blank rows skipped. More than `maxRows` data rows stops the read, and
// so do more than BLANK_ROWS_MAX blank rows besides (a sheet of empty rows is a zip bomb's favourite shape).
const BLANK_ROWS_MAX = 10_000;
export async function readRecipientFile(content: Buffer, maxRows: number): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  let hasHeader = false;
  const limits = { ...DEFAULT_XLSX_LIMITS, rows: maxRows + 1 + BLANK_ROWS_MAX };
  try {
    for await (const chunk of readSheetRowsOffThread(content, SMS_COLUMNS.length, { limits })) {
      for (const row of chunk) {
        // NUL never reaches the database (PostgreSQL refuses it in text); other text is kept as written.
        const cells = row.cells.map((c) => c.replace(/\0/g, '').trim());
        if (!hasHeader) {
          if (cells.every((c) => !c)) continue;
          const isTemplate = cells.every((c, i) => (i === 2 && !c) || KNOWN_HEADERS[i]!.has(c.toLowerCase()));
          if (!isTemplate) throw new XlsxShapeError('format');
          hasHeader = true;
          continue;
        }
        if (cells.every((c) => !c)) continue;
        if (rows.length >= maxRows) throw new XlsxShapeError('tooMany');
        rows.push({ rowNo: row.rowNo, mobile: cells[0]!, region: cells[1]!, variables: cells[2]! });
      }
    }
  } catch (err) {
    if (err instanceof XlsxLimitError && err.kind === 'rows') throw new XlsxShapeError('tooMany');
    throw err;
  }
  if (!hasHeader) throw new XlsxShapeError('format');
  return rows;
}

export type RejectedRow = FileRow & { reason: string };

// The rejected rows as an .xlsx stream: row number, the cells as written, and the reason in the caller's language.
export function rejectedWorkbook(rows: AsyncIterable<RejectedRow[]>, locale: Locale): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('Rejected');
  ws.columns = [
    { header: formatMessage('smsColRow', locale), width: 8 },
    { header: headersIn(locale)[0], width: 20 },
    { header: headersIn(locale)[1], width: 10 },
    { header: headersIn(locale)[2], width: 40 },
    { header: formatMessage('smsColReason', locale), width: 50 },
  ];
  void (async () => {
    try {
      for await (const chunk of rows) {
        for (const r of chunk) ws.addRow([r.rowNo, r.mobile, r.region, r.variables, r.reason]).commit();
      }
      ws.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return out;
}
