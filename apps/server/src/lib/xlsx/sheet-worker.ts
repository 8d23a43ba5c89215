import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { XlsxRefusal } from './limits.js';
import { readSheetChunks, XlsxLimitError, type SheetRow, type XlsxLimits } from './sheet-rows.js';

// The worker side of readSheetRowsOffThread (index.ts): reads the sheet and posts its rows in chunks, then `done`,
// or the error that stopped it. The main thread stops it by terminating the worker. With `check` (a module's
// address), the rows go through that module's default export first (a RowCheck), here in the worker, and what it
// yields is posted instead.
export type WorkerInput = {
  source: string | Uint8Array;
  width: number;
  limits: XlsxLimits;
  chunkRows: number;
  check?: string;
};
export type WorkerMessage =
  | { type: 'rows'; rows: unknown[] }
  | { type: 'done' }
  | { type: 'error'; kind: 'rows' | 'size' | 'read' | 'refused' | 'other'; message: string };
// A row check: the sheet's rows in, what the reader keeps of them out (in file order, any chunking); it throws
// XlsxRefusal to refuse the file as a whole.
export type RowCheck<T> = (rows: AsyncIterable<SheetRow[]>) => AsyncIterable<T[]>;

// Reading a file is background work: on Linux the worker thread runs at a lower CPU priority (nice 10), so on a
// busy machine the server's own thread, answering calls, is scheduled first (issue 38). /proc/thread-self names
// this thread; elsewhere the worker keeps the process's priority.
try {
  os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  // not Linux, or not allowed: normal priority
}

const input = workerData as WorkerInput;
const port = parentPort!;
const post = (m: WorkerMessage) => port.postMessage(m);

try {
  // Posted content arrives as a Uint8Array: read in place, not copied again.
  const { source: posted } = input;
  const source = typeof posted === 'string' ? posted : Buffer.from(posted.buffer, posted.byteOffset, posted.byteLength);
  const sheet = readSheetChunks(source, input.width, input.limits);
  const check = input.check ? ((await import(input.check)) as { default: RowCheck<unknown> }).default : undefined;
  let chunk: unknown[] = [];
  for await (const rows of check ? check(sheet) : sheet) {
    chunk.push(...rows);
    while (chunk.length >= input.chunkRows) {
      post({ type: 'rows', rows: chunk.slice(0, input.chunkRows) });
      chunk = chunk.slice(input.chunkRows);
    }
  }
  if (chunk.length) post({ type: 'rows', rows: chunk });
  post({ type: 'done' });
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  const kind =
    err instanceof XlsxLimitError
      ? err.kind
      : err instanceof XlsxRefusal
        ? 'refused'
        : err instanceof Error
          ? 'read'
          : 'other';
  post({ type: 'error', kind, message });
}
