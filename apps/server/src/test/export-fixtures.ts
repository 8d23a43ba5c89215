import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ExportStart } from '@study-crm/shared';
import { APP_ID } from './harness.js';
import type { UsedTestApp } from './signed-in.js';

// The first sheet of an .xlsx file.
export async function readSheet(body: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

// The list exports (issue 39) as the web calls them, as the administrator unless a token is given:
// `start` asks for one (its count, or a background job), `file` downloads it (the raw answer), `sheet` downloads a
// list's filtered rows in a language and reads the sheet, `directSheet` the same for a list small enough to download
// at once (see below).
export function exportCalls(t: UsedTestApp) {
  const file = (query: Record<string, string>, token = t.admin.token) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/export/file?${new URLSearchParams({ appId: APP_ID, mcId: 'COM', ...query }).toString()}`,
      headers: t.headers({ token }),
    });
  const start = (list: string, filters: object, token = t.admin.token) =>
    t.post<ExportStart>('/api/v1/export/start', { list, filters: JSON.stringify(filters) }, { token });
  const sheet = async (list: string, filters: object, locale: string) =>
    readSheet((await file({ list, filters: JSON.stringify(filters), locale })).rawPayload);
  // A list of `total` rows, few enough to download at once: its count comes back with no job, and the English sheet
  // holds the rows after its header. The answer, its sheet, the header and a column's number by its heading.
  const directSheet = async (list: string, filters: object, total: number) => {
    expect((await start(list, filters)).data).toEqual({ jobId: null, total });
    const res = await file({ list, filters: JSON.stringify(filters), locale: 'en-US' });
    expect(res.statusCode).toBe(200);
    const read = await readSheet(res.rawPayload);
    expect(read.rowCount).toBe(total + 1);
    const header = (read.getRow(1).values as unknown[]).slice(1);
    return { res, sheet: read, header, col: (heading: string) => header.indexOf(heading) + 1 };
  };
  return { file, start, sheet, directSheet };
}
