import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatMessage, SMS_COLUMNS, SMS_FILE_ROWS_MAX, type Locale } from '@study-crm/shared';
import {
  DEFAULT_XLSX_LIMITS,
  readSheetRowsOffThread,
  workerModule,
  XlsxLimitError,
  XlsxRefusal,
} from '../../lib/xlsx/index.js';
import { neutralise } from '../export/index.js';
import { headersIn, type RecipientRecord, type RecipientRefusal } from './recipient-check.js';

// Reading the recipient .xlsx files (lib/xlsx, in a worker thread) and writing them with exceljs, streamed both ways.

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

// Reads the recipient file at `path` in a worker thread (lib/xlsx, which reads a few files at a time and makes the
// others wait), where each row is checked too (recipient-check.ts): the recipient rows to write, in chunks, in file
// order. A refused file ends with XlsxRefusal ('format' or 'tooMany', RecipientRefusal); more than BLANK_ROWS_MAX
// blank rows besides the data also count as too many (a sheet of empty rows is a zip bomb's favourite shape).
const BLANK_ROWS_MAX = 10_000;
const CHECK = workerModule(import.meta.url, 'recipient-check');
export async function* readRecipients(path: string): AsyncGenerator<RecipientRecord[]> {
  const limits = { ...DEFAULT_XLSX_LIMITS, rows: SMS_FILE_ROWS_MAX + 1 + BLANK_ROWS_MAX };
  try {
    // Chunks of 250 rows: each one's copy into this thread, and its write, is a short turn of the event loop.
    yield* readSheetRowsOffThread<RecipientRecord>(path, SMS_COLUMNS.length, {
      limits,
      check: CHECK,
      chunkRows: 250,
    });
  } catch (err) {
    if (err instanceof XlsxLimitError && err.kind === 'rows')
      throw new XlsxRefusal('tooMany' satisfies RecipientRefusal);
    throw err;
  }
}

// A refused row as the rejected-rows sheet shows it: its number, the cells as written, and the reason.
export type RejectedRow = { rowNo: number; mobile: string; region: string; variables: string; reason: string };

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
        // The cells are the upload's: one that would start a formula is kept as text (export's neutralise).
        for (const r of chunk)
          ws.addRow([r.rowNo, ...[r.mobile, r.region, r.variables, r.reason].map(neutralise)]).commit();
      }
      ws.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return out;
}
