import fs from 'node:fs';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import JSZip from 'jszip';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

// The rows of an .xlsx file's first worksheet, as the text a person sees, read one chunk at a time.
//
// Why not exceljs's streaming reader: it reads the archive in one pass and, at random, loses the entries after the
// first worksheet (exceljs issue 3064). Files written by exceljs, our own recipient template among them, store
// `xl/workbook.xml` last, and about one read in a hundred of a good file failed. This reader opens the archive by its
// central directory (JSZip, the archive already on disk and at most the upload limit), reads the workbook, its
// relations and the shared strings first, and only then streams the sheet's XML through a SAX parser (saxes, what
// exceljs itself uses). Element names are matched without their namespace prefix (some writers use `x:row`).

export type SheetRow = { rowNo: number; cells: string[] };

// A file that is a zip but not a workbook we can read (no first sheet, shared strings past the limit).
export class XlsxReadError extends Error {}

// What one file may inflate to. An upload is at most 10 MB, but deflate packs a run of one byte a thousand times over:
// an entry is refused past `entryBytes` of XML, and the shared strings (held in memory for the sheet's lookups) past
// `sharedChars` characters. A 50,000-row recipient sheet is about 15 MB of XML.
export type XlsxLimits = { entryBytes: number; sharedChars: number };
const LIMITS: XlsxLimits = { entryBytes: 128 * 1024 * 1024, sharedChars: 32 * 1024 * 1024 };

type Handlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
};

const local = (name: string) => name.slice(name.indexOf(':') + 1);

// Feeds one archive entry through a SAX parser; after each chunk, `drain` may hand out what the handlers collected.
async function* parseEntry<T>(
  entry: JSZip.JSZipObject,
  limits: XlsxLimits,
  on: Handlers,
  drain: () => T[],
): AsyncGenerator<T> {
  const parser = new SaxesParser();
  parser.on('opentag', (tag: SaxesTagPlain) => on.open?.(local(tag.name), tag.attributes));
  parser.on('text', (t) => on.text?.(t));
  parser.on('cdata', (t) => on.text?.(t));
  parser.on('closetag', (tag) => on.close?.(local(tag.name)));
  // JSZip's stream is an old-style one (no async iteration): wrapped in a current Readable.
  const stream = new Readable().wrap(entry.nodeStream('nodebuffer'));
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  try {
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      if (bytes > limits.entryBytes) throw new XlsxReadError(`${entry.name} inflates past ${limits.entryBytes} bytes`);
      parser.write(decoder.write(chunk as Buffer));
      yield* drain();
    }
    parser.write(decoder.end());
    parser.close();
    yield* drain();
  } finally {
    stream.destroy();
  }
}

async function parseAll(entry: JSZip.JSZipObject, limits: XlsxLimits, on: Handlers): Promise<void> {
  for await (const _ of parseEntry(entry, limits, on, () => [])) void _;
}

// The archive path of the first sheet in the workbook's order.
async function firstSheetPath(zip: JSZip, limits: XlsxLimits): Promise<string> {
  const workbook = zip.file('xl/workbook.xml');
  const rels = zip.file('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw new XlsxReadError('no workbook');
  let relId: string | undefined;
  await parseAll(workbook, limits, {
    open: (name, a) => {
      if (name === 'sheet' && relId === undefined) relId = Object.entries(a).find(([k]) => local(k) === 'id')?.[1];
    },
  });
  let target: string | undefined;
  await parseAll(rels, limits, {
    open: (name, a) => {
      if (name === 'Relationship' && a.Id === relId) target = a.Target;
    },
  });
  if (!target) throw new XlsxReadError('no first sheet');
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

// Every shared string as plain text: rich text runs joined, phonetic hints (rPh) left out.
async function sharedStrings(zip: JSZip, limits: XlsxLimits): Promise<string[]> {
  const entry = zip.file('xl/sharedStrings.xml');
  if (!entry) return [];
  const out: string[] = [];
  let current = '';
  let inText = false;
  let inPhonetic = false;
  let total = 0;
  await parseAll(entry, limits, {
    open: (name) => {
      if (name === 'si') current = '';
      else if (name === 't') inText = true;
      else if (name === 'rPh') inPhonetic = true;
    },
    text: (t) => {
      if (!inText || inPhonetic) return;
      current += t;
      total += t.length;
      if (total > limits.sharedChars) throw new XlsxReadError(`shared strings past ${limits.sharedChars} characters`);
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') out.push(current);
    },
  });
  return out;
}

// Column index (0 for A) of a cell reference such as "C12".
function columnOf(ref: string): number {
  let col = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    col = col * 26 + (code - 64);
  }
  return col - 1;
}

// A stored number as a person reads it: whole numbers without exponent or decimals.
function numberText(raw: string): string {
  const n = Number(raw);
  if (raw === '' || Number.isNaN(n)) return raw;
  return Number.isInteger(n) ? n.toFixed(0) : String(n);
}

// The first `width` cells of each row of the first worksheet, in file order; blank rows included where the file
// has them. `source`: the file's path, or its content when the caller has already read it. Stop iterating to stop
// reading.
export async function* readSheetRows(
  source: string | Buffer,
  width: number,
  limits = LIMITS,
): AsyncGenerator<SheetRow> {
  const zip = await JSZip.loadAsync(typeof source === 'string' ? await fs.promises.readFile(source) : source);
  const sheet = zip.file(await firstSheetPath(zip, limits));
  if (!sheet) throw new XlsxReadError('first sheet missing');
  const shared = await sharedStrings(zip, limits);

  const done: SheetRow[] = [];
  let row: SheetRow | undefined;
  let lastRowNo = 0;
  let cell: { col: number; type: string; value: string; inline: string } | undefined;
  let nextCol = 0;
  let into: 'value' | 'inline' | undefined;
  let phonetic = false;
  const cellText = (c: NonNullable<typeof cell>): string => {
    switch (c.type) {
      case 's':
        return shared[Number(c.value)] ?? '';
      case 'inlineStr':
        return c.inline;
      case 'b':
        return c.value === '1' ? 'true' : c.value === '0' ? 'false' : c.value;
      case 'e':
        return '';
      case 'str':
      case 'd':
        return c.value;
      default:
        return numberText(c.value);
    }
  };
  yield* parseEntry(
    sheet,
    limits,
    {
      open: (name, a) => {
        if (name === 'row') {
          const r = Number(a.r);
          lastRowNo = Number.isInteger(r) && r > 0 ? r : lastRowNo + 1;
          row = { rowNo: lastRowNo, cells: Array.from({ length: width }, () => '') };
          nextCol = 0;
        } else if (name === 'c' && row) {
          const col = a.r ? columnOf(a.r) : nextCol;
          nextCol = col + 1;
          cell = { col, type: a.t ?? 'n', value: '', inline: '' };
        } else if (cell && name === 'v') into = 'value';
        else if (cell && name === 't') into = 'inline';
        else if (name === 'rPh') phonetic = true;
      },
      text: (t) => {
        if (!cell || !into || phonetic) return;
        if (into === 'value') cell.value += t;
        else cell.inline += t;
      },
      close: (name) => {
        if (name === 'v' || name === 't') into = undefined;
        else if (name === 'rPh') phonetic = false;
        else if (name === 'c' && cell && row) {
          if (cell.col >= 0 && cell.col < width) row.cells[cell.col] = cellText(cell);
          cell = undefined;
        } else if (name === 'row' && row) {
          done.push(row);
          row = undefined;
        }
      },
    },
    () => done.splice(0),
  );
}
