import ExcelJS from 'exceljs';
import type { Envelope, TestApp } from './harness.js';

export const SMS = '/admin/v1/message/sms';

// An .xlsx recipient file: the header row (English template headers unless given) and the data rows.
export async function recipientFile(
  rows: (string | number | null)[][],
  header: string[] = ['Mobile', 'Region', 'Variables'],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('SMS');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function uploadFile<T = unknown>(
  t: TestApp,
  token: string | null,
  file: { name: string; content: Buffer } | undefined,
  locale = 'en-US',
): Promise<Envelope<T>> {
  return t.upload<T>(`${SMS}/add`, {}, file, { token, locale });
}

export async function download(t: TestApp, token: string, url: string, locale = 'en-US') {
  const res = await t.app.inject({
    method: 'GET',
    url: `${url}${url.includes('?') ? '&' : '?'}appId=student-admin&mcId=COM`,
    headers: t.headers({ token, locale }),
  });
  return res;
}

// The cells of the first worksheet of an .xlsx as text rows.
export async function sheetRows(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return worksheetRows(wb.worksheets[0]!);
}

// Every row of a worksheet as text, an empty cell as '' (the server tests' files and the e2e downloads).
export function worksheetRows(ws: ExcelJS.Worksheet): string[][] {
  const out: string[][] = [];
  ws.eachRow((row) => {
    const cells: string[] = [];
    for (let i = 1; i <= ws.columnCount; i += 1) {
      const v = row.getCell(i).value;
      cells.push(v === null || v === undefined ? '' : String(v));
    }
    out.push(cells);
  });
  return out;
}
