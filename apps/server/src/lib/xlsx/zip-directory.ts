import fs from 'node:fs';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { XlsxLimitError, XlsxReadError, type XlsxLimits } from './limits.js';

// The archive's own account of itself, read from its central directory before anything is inflated: how many
// entries, what each says it inflates to, and how hard each is packed. A zip bomb declares its size honestly or it
// lies; the honest one is refused here, the lying one by the counting reader (sheet-rows.ts).

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
// End of central directory record: 22 bytes, then a comment of at most 65,535.
const EOCD_MIN = 22;
const EOCD_SEARCH = EOCD_MIN + 0xffff;
// Below this a packing ratio says nothing (a tiny XML entry of repeated tags packs well).
const RATIO_FROM_BYTES = 1024 * 1024;

// `method`: 0 stored, 8 deflated; `at`: where the entry's local header starts.
export type ZipEntryInfo = { name: string; method: number; compressed: number; inflated: number; at: number };

function endOfDirectory(zip: Buffer): number {
  const stop = Math.max(0, zip.length - EOCD_SEARCH);
  for (let i = zip.length - EOCD_MIN; i >= stop; i -= 1) if (zip.readUInt32LE(i) === EOCD) return i;
  return -1;
}

// The entries the central directory lists; refuses (XlsxLimitError) more entries, a larger declared entry or
// total, or a higher packing ratio than the limits allow. A ZIP64 archive (sizes past 4 GiB) is refused outright.
// Answers [] for what is not a zip at all (the zip reader then says why).
export function checkZipDirectory(zip: Buffer, limits: XlsxLimits): ZipEntryInfo[] {
  const end = endOfDirectory(zip);
  if (end < 0) return [];
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new XlsxLimitError('size', 'ZIP64 archive');
  if (count > limits.entries) throw new XlsxLimitError('size', `${count} entries, more than ${limits.entries}`);
  const entries: ZipEntryInfo[] = [];
  let total = 0;
  let at = offset;
  const stop = Math.min(offset + size, zip.length);
  while (at + 46 <= stop && zip.readUInt32LE(at) === CENTRAL) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const inflated = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (compressed === 0xffffffff || inflated === 0xffffffff) throw new XlsxLimitError('size', `${name}: ZIP64 sizes`);
    if (inflated > limits.entryBytes)
      throw new XlsxLimitError('size', `${name} declares ${inflated} bytes, more than ${limits.entryBytes}`);
    total += inflated;
    if (total > limits.totalBytes)
      throw new XlsxLimitError('size', `the entries declare more than ${limits.totalBytes} bytes`);
    if (inflated >= RATIO_FROM_BYTES && inflated > limits.ratio * Math.max(compressed, 1))
      throw new XlsxLimitError('size', `${name} packs ${Math.round(inflated / Math.max(compressed, 1))} to 1`);
    entries.push({ name, method, compressed, inflated, at: local });
    if (entries.length > limits.entries) throw new XlsxLimitError('size', `more than ${limits.entries} entries`);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

// The same check of a file on disk, reading only its end (the end record, with its comment) and its central
// directory: the calling thread never holds the whole file.
export async function checkZipDirectoryOf(file: string, limits: XlsxLimits): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (at: number, length: number) => {
      const buf = Buffer.alloc(Math.max(0, Math.min(length, size - at)));
      await handle.read(buf, 0, buf.length, at);
      return buf;
    };
    const tailAt = Math.max(0, size - EOCD_SEARCH);
    const tail = await read(tailAt, EOCD_SEARCH);
    const end = endOfDirectory(tail);
    if (end < 0) return;
    const offset = tail.readUInt32LE(end + 16);
    // The directory as it is in the file (never past the end record), then the end record pointing at it from 0.
    const directory =
      offset < tailAt + end
        ? await read(offset, Math.min(tail.readUInt32LE(end + 12), tailAt + end - offset))
        : Buffer.alloc(0);
    const record = Buffer.from(tail.subarray(end));
    if (offset !== 0xffffffff) {
      record.writeUInt32LE(directory.length, 12);
      record.writeUInt32LE(0, 16);
    }
    checkZipDirectory(Buffer.concat([directory, record]), limits);
  } finally {
    await handle.close();
  }
}

// The entry's data as it inflates, in chunks of 16 kB (zlib's), so a reader that stops early inflates no more.
export function openEntry(zip: Buffer, entry: ZipEntryInfo): Readable {
  const at = entry.at;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new XlsxReadError(`${entry.name}: no local header`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressed > zip.length) throw new XlsxReadError(`${entry.name}: cut short`);
  const data = Readable.from([zip.subarray(start, start + entry.compressed)]);
  if (entry.method === 0) return data;
  if (entry.method !== 8) throw new XlsxReadError(`${entry.name}: compression method ${entry.method}`);
  return data.pipe(zlib.createInflateRaw());
}
