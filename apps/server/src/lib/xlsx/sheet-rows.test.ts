import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, expect, it } from 'vitest';
import { emptyRowsBomb, workbookOf } from '../../test/xlsx-files.js';
import { readSheetRowsOffThread } from './index.js';
import {
  DEFAULT_XLSX_LIMITS,
  readSheetRows,
  XlsxLimitError,
  XlsxReadError,
  type SheetRow,
  type XlsxLimits,
} from './sheet-rows.js';
import { engineFree } from '../../test/engine.js';

// The workbooks' folder, made by the first test that writes one: on PostgreSQL's pass every test here is skipped, and
// so are the hooks, so a folder made on import would be left behind.
let dir: string | undefined;
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

let n = 0;
const write = (content: Buffer) => {
  dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-rows-'));
  const file = path.join(dir, `${++n}.xlsx`);
  fs.writeFileSync(file, content);
  return file;
};

const collect = async (file: string, width = 3, limits?: XlsxLimits) => {
  const rows: SheetRow[] = [];
  for await (const row of readSheetRows(file, width, limits)) rows.push(row);
  return rows;
};

// A workbook made by hand, in the shapes other writers use: `x:` prefixes, inline strings, rich text with phonetic
// hints, cells without a reference, and the first sheet in the workbook's order stored as sheet2.xml.
async function handmade(): Promise<Buffer> {
  const zip = new JSZip();
  const ns = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  zip.file(
    'xl/workbook.xml',
    `<x:workbook ${ns} ${rel}><x:sheets><x:sheet name="Main" sheetId="1" r:id="rId2"/>` +
      `<x:sheet name="Other" sheetId="2" r:id="rId1"/></x:sheets></x:workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/>' +
      '<Relationship Id="rId2" Target="/xl/worksheets/sheet2.xml"/></Relationships>',
  );
  zip.file(
    'xl/sharedStrings.xml',
    `<x:sst ${ns}><x:si><x:t>Mobile</x:t></x:si><x:si><x:r><x:t>陳</x:t></x:r><x:r><x:t xml:space="preserve"> 大文</x:t></x:r>` +
      `<x:rPh><x:t>チン</x:t></x:rPh></x:si><x:si><x:t>a &amp; b</x:t></x:si></x:sst>`,
  );
  zip.file(
    'xl/worksheets/sheet1.xml',
    `<x:worksheet ${ns}><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>other sheet</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
  );
  zip.file(
    'xl/worksheets/sheet2.xml',
    `<x:worksheet ${ns}><x:sheetData>` +
      '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="D1" t="s"><x:v>2</x:v></x:c></x:row>' +
      '<x:row r="4"><x:c r="A4"><x:v>912345678</x:v></x:c><x:c r="B4" t="b"><x:v>1</x:v></x:c><x:c r="C4"><x:v>1.5</x:v></x:c></x:row>' +
      '<x:row><x:c t="str"><x:f>A1</x:f><x:v>Mobile</x:v></x:c><x:c t="e"><x:v>#N/A</x:v></x:c>' +
      '<x:c t="inlineStr"><x:is><x:t><![CDATA[<x>]]></x:t></x:is></x:c></x:row>' +
      '<x:row r="6"><x:c r="A6"><x:v>1.2E+3</x:v></x:c><x:c r="B6" t="s"><x:v>99</x:v></x:c></x:row>' +
      '</x:sheetData></x:worksheet>',
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

engineFree.describe('readSheetRows', () => {
  it('reads a workbook written by exceljs every time (its own streaming reader lost entries about once in 100)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('SMS');
    ws.addRow(['Mobile', 'Region', 'Variables']);
    ws.addRow(['0912345678', 'TW', 'name=Amy']);
    ws.addRow([912345679, 'GB', null]);
    const file = write(Buffer.from(await wb.xlsx.writeBuffer()));
    const expected = [
      { rowNo: 1, cells: ['Mobile', 'Region', 'Variables'] },
      { rowNo: 2, cells: ['0912345678', 'TW', 'name=Amy'] },
      { rowNo: 3, cells: ['912345679', 'GB', ''] },
    ];
    for (let i = 0; i < 300; i++) expect(await collect(file)).toEqual(expected);
  });

  it('reads the first sheet in workbook order, prefixed tags, inline and rich text, numbers, booleans and formulas', async () => {
    const rows = await collect(write(await handmade()), 3);
    expect(rows).toEqual([
      // Column D is past the width; the phonetic hint is not part of the text.
      { rowNo: 1, cells: ['Mobile', '陳 大文', ''] },
      { rowNo: 4, cells: ['912345678', 'true', '1.5'] },
      // A row without a reference follows the one before; cells without one follow theirs. An error cell is blank.
      { rowNo: 5, cells: ['Mobile', '', '<x>'], formulas: [0] },
      // A shared string index that does not exist reads as blank.
      { rowNo: 6, cells: ['1200', '', ''] },
    ]);
  });

  it('stops reading when the caller stops', async () => {
    const file = write(await handmade());
    for await (const row of readSheetRows(file, 1)) {
      expect(row.cells).toEqual(['Mobile']);
      break;
    }
  });

  it('refuses an entry that inflates past the limit, and shared strings past theirs', async () => {
    const file = write(await handmade());
    expect(await collect(file, 3, { ...DEFAULT_XLSX_LIMITS, entryBytes: 4096, sharedChars: 100 })).toHaveLength(4);
    await expect(collect(file, 3, { ...DEFAULT_XLSX_LIMITS, entryBytes: 300, sharedChars: 100 })).rejects.toThrow(
      /(declares \d+|inflates past 300) bytes/,
    );
    await expect(collect(file, 3, { ...DEFAULT_XLSX_LIMITS, entryBytes: 4096, sharedChars: 8 })).rejects.toThrow(
      /past 8 characters/,
    );
    // Many strings of no characters are counted as strings.
    await expect(collect(file, 3, { ...DEFAULT_XLSX_LIMITS, entryBytes: 4096, sharedStrings: 1 })).rejects.toThrow(
      /more than 1 shared strings/,
    );
  });

  it('refuses what is not a workbook', async () => {
    await expect(collect(write(Buffer.from('Mobile,Region\n')))).rejects.toThrow();
    const zip = new JSZip();
    zip.file('word/document.xml', '<document/>');
    await expect(collect(write(await zip.generateAsync({ type: 'nodebuffer' })))).rejects.toBeInstanceOf(XlsxReadError);
  });

  // Issue 38: a 210 kB workbook whose sheet inflates to 140 MB of empty rows took 35 s to refuse.
  it('refuses a zip bomb by its central directory before inflating it: declared size, packing ratio', async () => {
    const [big, packed] = [write(emptyRowsBomb(140)), write(emptyRowsBomb(40))];
    const started = performance.now();
    await expect(collect(big)).rejects.toThrow(/declares \d+ bytes, more than/);
    // Under the size limit, but packed a thousand to one.
    await expect(collect(packed)).rejects.toThrow(/packs \d+ to 1/);
    const entries = { ...DEFAULT_XLSX_LIMITS, entries: 3 };
    await expect(collect(write(workbookOf('')), 3, entries)).rejects.toThrow(/more than 3$/);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('stops a bomb whose directory lies at the row limit, and counts the bytes it actually inflates', async () => {
    const lying = write(emptyRowsBomb(40, { declared: 4000 }));
    const started = performance.now();
    const refusal = await collect(lying).catch((err: unknown) => err);
    console.info(`lying 40 MB bomb refused in ${Math.round(performance.now() - started)} ms`);
    expect(refusal).toBeInstanceOf(XlsxLimitError);
    expect(refusal).toMatchObject({ kind: 'rows' });
    expect(performance.now() - started).toBeLessThan(5000);
    const bytes = { ...DEFAULT_XLSX_LIMITS, rows: 10_000_000, totalBytes: 2 * 1024 * 1024 };
    await expect(collect(lying, 3, bytes)).rejects.toThrow(/inflate past 2097152 bytes/);
  });

  // Row numbers land in 32-bit row_no columns: one past Excel's last row (or one following it) refuses the file.
  it("refuses a row numbered past Excel's last row (1,048,576) as an invalid file, and reads one at it", async () => {
    const row = (r: string) => `<row${r}><c t="inlineStr"><is><t>x</t></is></c></row>`;
    const last = await collect(write(workbookOf(row(' r="1048576"'))), 1);
    expect(last.at(-1)).toEqual({ rowNo: 1_048_576, cells: ['x'] });
    for (const rows of [row(' r="3000000000"'), row(' r="1048577"'), row(' r="1048576"') + row('')]) {
      const refusal = await collect(write(workbookOf(rows)), 1).catch((err: unknown) => err);
      expect(refusal, rows).toBeInstanceOf(XlsxReadError);
      expect(refusal).not.toBeInstanceOf(XlsxLimitError);
    }
  });

  it('reads formulas as the value they showed, never the formula (HYPERLINK, a DDE command), and names their columns', async () => {
    const rows =
      '<row r="2"><c r="A2" t="str"><f>HYPERLINK("http://evil.example","0912345678")</f><v>0912345678</v></c>' +
      '<c r="B2" t="e"><f>cmd|\' /C calc\'!A0</f><v>#REF!</v></c>' +
      '<c r="C2" t="inlineStr"><is><t>=cmd|\' /C calc\'!A0</t></is></c></row>';
    expect(await collect(write(workbookOf(rows)))).toEqual([
      { rowNo: 1, cells: ['Mobile', 'Region', 'Variables'] },
      { rowNo: 2, cells: ['0912345678', '', "=cmd|' /C calc'!A0"], formulas: [0, 1] },
    ]);
  });

  it('reads in a worker thread, in chunks, the same rows; a refusal there is the same error', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => `<row><c t="inlineStr"><is><t>r${i}</t></is></c></row>`);
    const file = write(workbookOf(rows.join('')));
    const chunks: SheetRow[][] = [];
    for await (const chunk of readSheetRowsOffThread(file, 1, { chunkRows: 1000 })) chunks.push(chunk);
    expect(chunks.map((c) => c.length)).toEqual([1000, 1000, 501]);
    expect(chunks.flat()).toEqual(await collect(file, 1));
    const few = { limits: { ...DEFAULT_XLSX_LIMITS, rows: 100 } };
    const refusal = await (async () => {
      for await (const _ of readSheetRowsOffThread(file, 1, few)) void _;
    })().catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(XlsxLimitError);
    expect(refusal).toMatchObject({ kind: 'rows', message: 'more than 100 rows' });
  });
});
