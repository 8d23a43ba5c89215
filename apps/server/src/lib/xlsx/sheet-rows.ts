import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { DEFAULT_XLSX_LIMITS, XlsxLimitError, XlsxReadError, type XlsxLimits } from './limits.js';
import { checkZipDirectory, openEntry, type ZipEntryInfo } from './zip-directory.js';

export { DEFAULT_XLSX_LIMITS, XlsxLimitError, XlsxReadError, type XlsxLimits };

// The rows of an .xlsx file's first worksheet, as the text a person sees, read one chunk at a time.
//
// Why not exceljs's streaming reader: it reads the archive in one pass and, at random, loses the entries after the
// first worksheet (exceljs issue 3064). Files written by exceljs, our own recipient template among them, store
// `xl/workbook.xml` last, and about one read in a hundred of a good file failed. This reader opens the archive by its
// central directory (zip-directory.ts, the archive in memory and at most the upload limit), checking the sizes each
// entry declares, reads the workbook, its relations and the shared strings first, and only then streams the sheet's
// XML, inflated by zlib 16 kB at a time, through a SAX parser (saxes, what exceljs itself uses). Element names are
// matched without their namespace prefix (some writers use `x:row`). While inflating, the actual bytes are counted,
// per entry and in all, and the sheet's rows: the first limit passed stops the read (XlsxLimitError). Run it off the
// request thread with readSheetRowsOffThread (index.ts).

// `formulas`: the columns (0 for A) whose cell holds a formula; its cached value is in `cells`, never evaluated.
export type SheetRow = { rowNo: number; cells: string[]; formulas?: number[] };

type Handlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
};

const local = (name: string) => name.slice(name.indexOf(':') + 1);

// Feeds one archive entry through a SAX parser; after each chunk, `drain` may hand out what the handlers collected.
// The archive, its entries by name, and the bytes actually inflated so far over every entry read (a lying central
// directory is caught here).
type Budget = { limits: XlsxLimits; inflated: number; zip: Buffer; entries: Map<string, ZipEntryInfo> };
type Entry = ZipEntryInfo;

// Yields what the handlers collected from each chunk, as one array (empty arrays are not yielded).
async function* parseEntry<T>(entry: Entry, budget: Budget, on: Handlers, drain: () => T[]): AsyncGenerator<T[]> {
  const { limits } = budget;
  const parser = new SaxesParser();
  // The shape limits (limits.ts): checked as each part is read, before the parser holds millions of them.
  let depth = 0;
  let attributes = 0;
  const tooLong = (t: string) => {
    if (t.length > limits.textChars)
      throw new XlsxLimitError('size', `${entry.name}: a text of more than ${limits.textChars} characters`);
  };
  const text = (t: string) => {
    tooLong(t);
    on.text?.(t);
  };
  parser.on('opentagstart', () => (attributes = 0));
  parser.on('attribute', (a) => {
    if (++attributes > limits.attributes)
      throw new XlsxLimitError('size', `${entry.name}: an element with more than ${limits.attributes} attributes`);
    tooLong(a.value);
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (++depth > limits.depth)
      throw new XlsxLimitError('size', `${entry.name}: elements nested more than ${limits.depth} deep`);
    on.open?.(local(tag.name), tag.attributes);
  });
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', (tag) => {
    depth -= 1;
    on.close?.(local(tag.name));
  });
  const stream = openEntry(budget.zip, entry);
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  try {
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      budget.inflated += (chunk as Buffer).length;
      if (bytes > limits.entryBytes)
        throw new XlsxLimitError('size', `${entry.name} inflates past ${limits.entryBytes} bytes`);
      if (budget.inflated > limits.totalBytes)
        throw new XlsxLimitError('size', `the entries inflate past ${limits.totalBytes} bytes`);
      parser.write(decoder.write(chunk as Buffer));
      const out = drain();
      if (out.length) yield out;
    }
    parser.write(decoder.end());
    parser.close();
    const out = drain();
    if (out.length) yield out;
  } finally {
    stream.destroy();
  }
}

async function parseAll(entry: Entry, budget: Budget, on: Handlers): Promise<void> {
  for await (const _ of parseEntry(entry, budget, on, () => [])) void _;
}

// The archive path of the first sheet in the workbook's order.
async function firstSheetPath(budget: Budget): Promise<string> {
  const workbook = budget.entries.get('xl/workbook.xml');
  const rels = budget.entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw new XlsxReadError('no workbook');
  let relId: string | undefined;
  await parseAll(workbook, budget, {
    open: (name, a) => {
      if (name === 'sheet' && relId === undefined) relId = Object.entries(a).find(([k]) => local(k) === 'id')?.[1];
    },
  });
  let target: string | undefined;
  await parseAll(rels, budget, {
    open: (name, a) => {
      if (name === 'Relationship' && a.Id === relId) target = a.Target;
    },
  });
  if (!target) throw new XlsxReadError('no first sheet');
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

// Every shared string as plain text: rich text runs joined, phonetic hints (rPh) left out.
async function sharedStrings(budget: Budget): Promise<string[]> {
  const { limits } = budget;
  const entry = budget.entries.get('xl/sharedStrings.xml');
  if (!entry) return [];
  const out: string[] = [];
  let current = '';
  let inText = false;
  let inPhonetic = false;
  let total = 0;
  await parseAll(entry, budget, {
    open: (name) => {
      if (name === 'si') current = '';
      else if (name === 't') inText = true;
      else if (name === 'rPh') inPhonetic = true;
    },
    text: (t) => {
      if (!inText || inPhonetic) return;
      current += t;
      if (current.length > limits.textChars)
        throw new XlsxLimitError('size', `a shared string of more than ${limits.textChars} characters`);
      total += t.length;
      if (total > limits.sharedChars)
        throw new XlsxLimitError('size', `shared strings past ${limits.sharedChars} characters`);
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') {
        out.push(current);
        if (out.length > limits.sharedStrings)
          throw new XlsxLimitError('size', `more than ${limits.sharedStrings} shared strings`);
      }
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
  limits: XlsxLimits = DEFAULT_XLSX_LIMITS,
): AsyncGenerator<SheetRow> {
  for await (const chunk of readSheetChunks(source, width, limits)) yield* chunk;
}

// A worksheet's last row (Excel's limit): a row numbered past it is no spreadsheet's, and its number would not fit
// the integer row_no columns it is stored in (import_row, sms_recipient; PostgreSQL refuses it with an error).
export const SHEET_ROWS_MAX = 1_048_576;

// The same rows, as they come out of each 16 kB of inflated XML (one step for the consumer, not one per row).
export async function* readSheetChunks(
  source: string | Buffer,
  width: number,
  limits: XlsxLimits = DEFAULT_XLSX_LIMITS,
): AsyncGenerator<SheetRow[]> {
  const content = typeof source === 'string' ? await fs.promises.readFile(source) : source;
  const entries = checkZipDirectory(content, limits);
  const budget: Budget = { limits, inflated: 0, zip: content, entries: new Map(entries.map((e) => [e.name, e])) };
  const sheet = budget.entries.get(await firstSheetPath(budget));
  if (!sheet) throw new XlsxReadError('first sheet missing');
  const shared = await sharedStrings(budget);
  let rowCount = 0;

  const done: SheetRow[] = [];
  let row: SheetRow | undefined;
  let lastRowNo = 0;
  let cell: { col: number; type: string; value: string; inline: string; formula?: true } | undefined;
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
    budget,
    {
      open: (name, a) => {
        if (name === 'row') {
          rowCount += 1;
          if (rowCount > limits.rows) throw new XlsxLimitError('rows', `more than ${limits.rows} rows`);
          const r = Number(a.r);
          lastRowNo = Number.isInteger(r) && r > 0 ? r : lastRowNo + 1;
          if (lastRowNo > SHEET_ROWS_MAX) throw new XlsxReadError(`row number ${lastRowNo} past the sheet's last`);
          row = { rowNo: lastRowNo, cells: new Array<string>(width).fill('') };
          nextCol = 0;
        } else if (name === 'c' && row) {
          const col = a.r ? columnOf(a.r) : nextCol;
          nextCol = col + 1;
          cell = { col, type: a.t ?? 'n', value: '', inline: '' };
        } else if (cell && name === 'v') into = 'value';
        else if (cell && name === 't') into = 'inline';
        else if (cell && name === 'f') cell.formula = true;
        else if (name === 'rPh') phonetic = true;
      },
      text: (t) => {
        if (!cell || !into || phonetic) return;
        if (into === 'value') cell.value += t;
        else cell.inline += t;
        if (cell.value.length + cell.inline.length > limits.textChars)
          throw new XlsxLimitError('size', `a cell of more than ${limits.textChars} characters`);
      },
      close: (name) => {
        if (name === 'v' || name === 't') into = undefined;
        else if (name === 'rPh') phonetic = false;
        else if (name === 'c' && cell && row) {
          if (cell.col >= 0 && cell.col < width) {
            row.cells[cell.col] = cellText(cell);
            if (cell.formula) (row.formulas ??= []).push(cell.col);
          }
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
