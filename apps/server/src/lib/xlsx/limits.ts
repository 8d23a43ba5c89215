// What one .xlsx may cost to read. An upload is at most a few MB, but deflate packs a run of one byte a thousand
// times over, and a sheet of empty rows reads as nothing while taking seconds to parse. Every reader takes these as
// a parameter; DEFAULT_XLSX_LIMITS suits a sheet of up to 50,000 rows (about 15 MB of XML).
export type XlsxLimits = {
  // Entries in the archive (a workbook has a dozen or two).
  entries: number;
  // Bytes one entry may inflate to, declared or actual.
  entryBytes: number;
  // Bytes all entries together may declare, and the entries read may actually inflate to.
  totalBytes: number;
  // How many times an entry of 1 MiB or more may be packed (inflated / compressed); XML packs 5 to 30 times.
  ratio: number;
  // Characters of shared strings, held in memory for the sheet's lookups.
  sharedChars: number;
  // Shared strings, however short: an empty `<si/>` is five bytes of XML and a slot of the lookup array, so 64 MB of
  // them (13 million, from a few hundred kB packed) cost far more than their characters say.
  sharedStrings: number;
  // `<row>` elements of the sheet, blank ones included.
  rows: number;
  // Characters of one text: a cell, a shared string, a text or attribute of any element, as written in the XML (Excel
  // holds 32,767 in a cell, written longer with its `_x000D_` escapes; Google Sheets 50,000): eight times Excel's,
  // and still no string in the worker comes near its heap limit, where V8 may abort the whole process.
  textChars: number;
  // Elements open at once, and attributes on one element: millions of either (a few MB packed) cost gigabytes.
  depth: number;
  attributes: number;
  // The worker's JavaScript heap (resourceLimits.maxOldGenerationSizeMb); past it the read is refused as `size`. A
  // workbook at the limits above (a million shared strings, 32 M characters) needs about 128 MB; twice that.
  heapMb: number;
};

export const DEFAULT_XLSX_LIMITS: XlsxLimits = {
  entries: 1000,
  entryBytes: 64 * 1024 * 1024,
  totalBytes: 96 * 1024 * 1024,
  ratio: 200,
  sharedChars: 32 * 1024 * 1024,
  // Every cell of 50,000 rows of 20 columns a string of its own.
  sharedStrings: 1_000_000,
  rows: 100_000,
  textChars: 262_144,
  depth: 64,
  attributes: 256,
  heapMb: 256,
};

// A file that is a zip but not a workbook we can read (no first sheet).
export class XlsxReadError extends Error {}

// A file refused for what it would cost: `rows` past the row limit, `size` for bytes, entries or packing.
export class XlsxLimitError extends XlsxReadError {
  constructor(
    readonly kind: 'rows' | 'size',
    message: string,
  ) {
    super(message);
  }
}

// A file a reader's own check refuses as a whole while reading it (no template header, too many rows): `reason` is
// the reader's word for why. Raised in the worker by a row check (readSheetRowsOffThread's `check`), raised again on
// the calling thread.
export class XlsxRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}
