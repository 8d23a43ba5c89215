import ExcelJS from 'exceljs';
import { IMPORT_BASE } from '@study-crm/shared';

// A tag import file of `count` rows (issue 38: every .xlsx reader keeps other calls answering): the import's own
// template, read from the server (headers in the caller's language), with its example row replaced by distinct tags.
export async function tagImportWorkbook(templateUrl: string, headers: Record<string, string>, count: number) {
  const res = await fetch(templateUrl, { headers });
  if (!res.ok) throw new Error(`${IMPORT_BASE.tag}/template: ${res.status}`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const ws = wb.worksheets[0]!;
  const example = (ws.getRow(2).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  ws.spliceRows(2, ws.rowCount - 1);
  for (let i = 0; i < count; i += 1) {
    ws.addRow(
      example.map((v, col) => (col === 1 ? `bench-${i}` : col === 2 ? `標籤 ${i}` : col === 3 ? `Tag ${i}` : v)),
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
