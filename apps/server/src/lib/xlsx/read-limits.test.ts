import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { engineFree } from '../../test/engine.js';
import { emptyRowsBomb, workbookOf, zipOf } from '../../test/xlsx-files.js';
import { readSheetRowsOffThread, XLSX_READS_MAX, xlsxReads } from './index.js';
import { DEFAULT_XLSX_LIMITS, XlsxLimitError, type XlsxLimits } from './limits.js';
import { readSheetRows, type SheetRow } from './sheet-rows.js';
import { createSlots } from './slots.js';
import { checkZipDirectory, checkZipDirectoryOf } from './zip-directory.js';

// What one read may cost besides its bytes and rows (limits.ts): its shape (texts, nesting, attributes), the worker's
// heap, and how many reads run at once.

let dir: string | undefined;
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});
let n = 0;
const write = (content: Buffer) => {
  dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-limits-'));
  const file = path.join(dir, `${++n}.xlsx`);
  fs.writeFileSync(file, content);
  return file;
};

const collect = async (source: string | Buffer, width = 1, limits: XlsxLimits = DEFAULT_XLSX_LIMITS) => {
  const rows: SheetRow[] = [];
  for await (const row of readSheetRows(source, width, limits)) rows.push(row);
  return rows;
};
const offThread = async (source: string | Buffer, width = 1, limits: XlsxLimits = DEFAULT_XLSX_LIMITS) => {
  const rows: SheetRow[] = [];
  for await (const chunk of readSheetRowsOffThread(source, width, { limits })) rows.push(...chunk);
  return rows;
};

const inline = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
// A workbook with shared strings (`strings`, the <sst> element's content) and a sheet of `rows`.
const withSharedStrings = (strings: Buffer, rows: string) =>
  zipOf([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(`<workbook ${NS} ${REL}><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
    },
    {
      name: 'xl/sharedStrings.xml',
      data: Buffer.concat([Buffer.from(`<sst ${NS}>`), strings, Buffer.from('</sst>')]),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.from(`<worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`),
    },
  ]);

engineFree.describe('the shape of a sheet', () => {
  it('reads a cell of 262,144 characters (eight times Excel’s most) and refuses a longer one, or any longer text', async () => {
    const longest = 'x'.repeat(262_144);
    expect((await collect(workbookOf(`<row>${inline(longest)}</row>`)))[1]!.cells[0]).toBe(longest);
    // One text too long is refused as it is read; a cell of several texts, each short enough, when they add up.
    for (const [cell, refusal] of [
      [inline(`${longest}y`), /a text of more than 262144 characters/],
      [`<c><v>${'1'.repeat(262_145)}</v></c>`, /a text of more than 262144 characters/],
      [
        `<c t="inlineStr"><is><t><![CDATA[${'x'.repeat(140_000)}]]><![CDATA[${'x'.repeat(140_000)}]]></t></is></c>`,
        /a cell of more than 262144 characters/,
      ],
    ] as const) {
      await expect(collect(workbookOf(`<row>${cell}</row>`))).rejects.toThrow(refusal);
    }
    // Any other text (here the whitespace between two rows) and any attribute's value.
    await expect(collect(workbookOf(`<row/>${' '.repeat(300_000)}<row/>`))).rejects.toThrow(
      /sheet1\.xml: a text of more than 262144 characters/,
    );
    await expect(collect(workbookOf(`<row spans="${'1'.repeat(300_000)}"/>`))).rejects.toThrow(
      /a text of more than 262144 characters/,
    );
  });

  it('refuses a shared string longer than a cell may be', async () => {
    const book = (strings: string) => withSharedStrings(Buffer.from(strings), '<row><c t="s"><v>0</v></c></row>');
    const half = 'x'.repeat(140_000);
    expect(await collect(book(`<si><t>${half}</t></si>`))).toEqual([{ rowNo: 1, cells: [half] }]);
    // Two runs of rich text, each short enough.
    await expect(collect(book(`<si><r><t>${half}</t></r><r><t>${half}</t></r></si>`))).rejects.toThrow(
      /a shared string of more than 262144 characters/,
    );
  });

  it('refuses elements nested too deep and an element with too many attributes, before the parser holds them', async () => {
    const nested = (depth: number) => '<a>'.repeat(depth) + '</a>'.repeat(depth);
    // worksheet, sheetData, row and 61 more: 64 open at once.
    expect(await collect(workbookOf(`<row>${nested(61)}</row>`))).toHaveLength(2);
    await expect(collect(workbookOf(`<row>${nested(62)}</row>`))).rejects.toThrow(/nested more than 64 deep/);
    const attributes = (count: number) => Array.from({ length: count }, (_, i) => ` a${i}="1"`).join('');
    expect(await collect(workbookOf(`<row${attributes(256)}/>`))).toHaveLength(2);
    await expect(collect(workbookOf(`<row${attributes(257)}/>`))).rejects.toThrow(/more than 256 attributes/);
  });
});

engineFree.describe('the worker’s heap', () => {
  // The most the shared-string limits allow: a million strings of 32 characters (32 M characters, 48 MB of XML).
  it('reads a workbook at the shared-string limits within the default heap limit', async () => {
    const count = 1_000_000;
    const item = Buffer.from(`<si><t>${'x'.repeat(32)}</t></si>`);
    const strings = Buffer.allocUnsafe(item.length * count);
    // Every string its own (its number in base 36 at the front), as a sheet of distinct values has them.
    for (let i = 0; i < count; i += 1) {
      item.copy(strings, i * item.length);
      strings.write(i.toString(36), i * item.length + 7, 'latin1');
    }
    const last = `${(count - 1).toString(36)}${'x'.repeat(32 - (count - 1).toString(36).length)}`;
    const book = withSharedStrings(strings, `<row><c t="s"><v>0</v></c><c t="s"><v>${count - 1}</v></c></row>`);
    const started = performance.now();
    expect(await offThread(write(book), 2)).toEqual([{ rowNo: 1, cells: [`0${'x'.repeat(31)}`, last] }]);
    console.info(`a million shared strings read in ${Math.round(performance.now() - started)} ms`);
  }, 180_000);

  it('refuses a file whose reading passes the heap limit, as a size limit', async () => {
    const heapMb = 24;
    const limits = { ...DEFAULT_XLSX_LIMITS, heapMb, depth: 1e9, ratio: 1e9 };
    // Within that heap, a plain file reads.
    const rows = Array.from({ length: 2000 }, (_, i) => `<row>${inline(`r${i}`)}</row>`).join('');
    expect(await offThread(workbookOf(rows), 1, limits)).toHaveLength(2001);
    // Elements opened and never closed: the parser keeps each one (a few hundred bytes) until the end.
    const bomb = workbookOf(Buffer.alloc(6 * 1024 * 1024, '<a>'));
    const refusal = await offThread(bomb, 1, limits).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(XlsxLimitError);
    expect(refusal).toMatchObject({ kind: 'size', message: `reading it needs more than ${heapMb} MB of memory` });
  }, 120_000);
});

engineFree.describe('reads at once', () => {
  it('lets two holders in at a time and the others in the order they asked', async () => {
    const slots = createSlots(2);
    const granted: string[] = [];
    const ask = (name: string) => slots.acquire().then((release) => (granted.push(name), release));
    const [a, b] = await Promise.all([ask('a'), ask('b')]);
    const [c, d] = [ask('c'), ask('d')];
    expect([slots.running, slots.waiting]).toEqual([2, 2]);
    b();
    b();
    const releaseC = await c;
    expect(granted).toEqual(['a', 'b', 'c']);
    expect([slots.running, slots.waiting]).toEqual([2, 1]);
    a();
    (await d)();
    releaseC();
    expect(granted).toEqual(['a', 'b', 'c', 'd']);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it(`reads at most ${XLSX_READS_MAX} files at once; the others wait, and start as one stops`, async () => {
    const content = workbookOf(Array.from({ length: 30 }, (_, i) => `<row>${inline(`r${i}`)}</row>`).join(''));
    const reads = Array.from({ length: 5 }, () => readSheetRowsOffThread(content, 1, { chunkRows: 4 }));
    // Each read asks for its turn as it starts (the directory of content in memory is checked at once).
    const firsts = reads.map((r) => r.next());
    expect([xlsxReads.running, xlsxReads.waiting]).toEqual([2, 3]);
    const started = firsts.map(() => false);
    firsts.forEach((f, i) => void f.then(() => (started[i] = true)));
    await Promise.all(firsts.slice(0, 2));
    expect(started).toEqual([true, true, false, false, false]);
    // One stopped early frees its turn for the next in line.
    await reads[0]!.return(undefined);
    expect([xlsxReads.running, xlsxReads.waiting]).toEqual([2, 2]);
    let most = 0;
    const rest = reads.slice(1).map(async (read, i) => {
      const first = await firsts[i + 1]!;
      const rows = [...(first.value ?? [])];
      for await (const chunk of { [Symbol.asyncIterator]: () => read }) {
        most = Math.max(most, xlsxReads.running);
        rows.push(...chunk);
      }
      return rows.length;
    });
    expect(await Promise.all(rest)).toEqual([31, 31, 31, 31]);
    expect(most).toBeLessThanOrEqual(XLSX_READS_MAX);
    expect([xlsxReads.running, xlsxReads.waiting]).toEqual([0, 0]);
  }, 120_000);
});

engineFree.describe('the directory of a file on disk', () => {
  it('is checked from the end of the file as from its whole content', async () => {
    const good = workbookOf(`<row>${inline('x')}</row>`);
    const comment = Buffer.concat([good.subarray(0, -2), Buffer.from([5, 0]), Buffer.from('hello')]);
    for (const content of [good, comment, Buffer.from('not a zip'), Buffer.alloc(0)]) {
      expect(checkZipDirectory(content, DEFAULT_XLSX_LIMITS).length).toBeGreaterThanOrEqual(0);
      await expect(checkZipDirectoryOf(write(content), DEFAULT_XLSX_LIMITS)).resolves.toBeUndefined();
    }
    const few = { ...DEFAULT_XLSX_LIMITS, entries: 3 };
    for (const [content, limits] of [
      [emptyRowsBomb(140), DEFAULT_XLSX_LIMITS],
      [good, few],
      [comment, few],
    ] as const) {
      const inMemory = (() => {
        try {
          checkZipDirectory(content, limits);
        } catch (err) {
          return err;
        }
      })();
      expect(inMemory).toBeInstanceOf(XlsxLimitError);
      await expect(checkZipDirectoryOf(write(content), limits)).rejects.toEqual(inMemory);
    }
  });
});
