import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { currencyDigits, type Locale } from '@study-crm/shared';

// A cell's value as a list gives it; `date` an instant (ms), `day` a calendar day (YYYY-MM-DD, no time); money is
// integer minor units with its ISO 4217 currency.
export type CellValue =
  | string
  | number
  | null
  | { date: number | null }
  | { day: string | null }
  | { minor: number; currency: string | null };

// One column of an exported list: its heading in each language, and its value of a row. `perm`: only exporters
// holding it get the column.
export type ExportColumn<T> = {
  key: string;
  header: Record<Locale, string>;
  width?: number;
  perm?: string;
  value: (row: T, locale: Locale) => CellValue;
};

// A list item with the label of its dictionary field read beside the page (modules/dict dictPages), as column.dict
// reads it: the row of a list export with such a column.
export type DictRow<T> = T & { dictText: Record<Locale, string> | undefined };

// The keys of T whose values are V.
type KeyOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T] & string;
type Words = Record<Locale, string>;

// The usual kinds of column, one line each in an exporter's table (the row type is the table's): the row's value at
// `key` as it is (text, a number), as an instant (epoch ms), as a calendar day, or as the list's name of it; or a
// value worked out from the row.
export const column = {
  plain: <T>(key: KeyOf<T, string | number | null>, header: Words, width?: number): ExportColumn<T> => ({
    key,
    header,
    width,
    value: (r) => r[key] as string | number | null,
  }),
  time: <T>(key: KeyOf<T, number | null>, header: Words, width = 18): ExportColumn<T> => ({
    key,
    header,
    width,
    value: (r) => ({ date: r[key] as number | null }),
  }),
  day: <T>(key: KeyOf<T, string | null>, header: Words, width = 12): ExportColumn<T> => ({
    key,
    header,
    width,
    value: (r) => ({ day: r[key] as string | null }),
  }),
  // A dictionary field: its label read beside the page (modules/dict dictPages' `dictText`), else the value stored.
  dict: <T extends { dictText?: Words | undefined }>(
    key: KeyOf<T, string | null>,
    header: Words,
    width?: number,
  ): ExportColumn<T> => ({ key, header, width, value: (r, l) => r.dictText?.[l] ?? (r[key] as string | null) }),
  // A value worked out from the row (a name, a sum, a joined list).
  of: <T>(key: string, header: Words, value: ExportColumn<T>['value'], width?: number): ExportColumn<T> => ({
    key,
    header,
    width,
    value,
  }),
  named: <T, K extends KeyOf<T, string>>(
    key: K,
    header: Words,
    width: number,
    names: Record<T[K] & string, Words>,
  ): ExportColumn<T> => ({ key, header, width, value: (r, l) => names[r[key] as T[K] & string][l] }),
};

// A heading or label in the three languages (zh-TW, zh-CN, en-US), as the list screens word it.
export const tr = (zhTW: string, zhCN: string, enUS: string): Record<Locale, string> => ({
  'zh-TW': zhTW,
  'zh-CN': zhCN,
  'en-US': enUS,
});

// A cell starting with = + - @ (or a tab / carriage return) would be a formula in a spreadsheet program: it is kept
// as text with a leading apostrophe (OWASP CSV injection advice). The first character is compared in its NFKC form,
// so the full-width and small forms (＝ ＋ － ＠, ﹦ ﹢ ﹣ ﹫), which spreadsheet programs set up for East Asian input
// may turn into the ASCII ones when the cell is edited, are kept as text too. Every text cell the server writes into a
// sheet from stored or uploaded data goes through it (exports, the import result sheet, the SMS rejected rows).
const FORMULA_START = /^[=+\-@\t\r]/;
export const neutralise = (v: string): string => {
  const first = v.codePointAt(0);
  if (first === undefined) return v;
  return FORMULA_START.test(String.fromCodePoint(first).normalize('NFKC')) ? `'${v}` : v;
};

function cell(v: CellValue): { value: ExcelJS.CellValue; numFmt?: string } {
  if (v === null) return { value: null };
  if (typeof v === 'string') return { value: neutralise(v) };
  if (typeof v === 'number') return { value: v };
  if ('date' in v) return v.date === null ? { value: null } : { value: new Date(v.date), numFmt: 'yyyy-mm-dd hh:mm' };
  if ('day' in v) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.day ?? '');
    // A day is midnight UTC: the spreadsheet shows that day whatever the reader's zone.
    if (m) return { value: new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)), numFmt: 'yyyy-mm-dd' };
    // Not a day (a value stored as text): written as any text.
    return { value: v.day === null ? null : neutralise(v.day) };
  }
  // Money: the amount as a number in the currency's major unit (sums work; the currency's own decimals, 0 for JPY),
  // shown with the currency's code.
  const code = (v.currency ?? '').replace(/[^A-Z]/g, '');
  const digits = currencyDigits(code) ?? 2;
  const num = digits ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  return {
    value: Number(v.minor) / 10 ** digits,
    numFmt: code ? `"${code}" ${num};"${code}" -${num}` : num,
  };
}

// Writes rows into an .xlsx streamed into the returned stream, row by row (exceljs' streaming writer commits each
// row, so no whole sheet is kept in memory). `rows` is read lazily as the stream is consumed.
export function writeWorkbook<T>(
  sheetName: string,
  columns: readonly ExportColumn<T>[],
  rows: AsyncIterable<T>,
  locale: Locale,
): PassThrough {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header[locale], key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const row of rows) {
        const line = sheet.addRow([]);
        columns.forEach((c, i) => {
          const { value, numFmt } = cell(c.value(row, locale));
          const target = line.getCell(i + 1);
          target.value = value;
          if (numFmt) target.numFmt = numFmt;
        });
        line.commit();
      }
      sheet.commit();
      await book.commit();
    } catch (err) {
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return out;
}
