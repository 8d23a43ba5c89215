import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_XLSX_LIMITS, XlsxLimitError, XlsxReadError, XlsxRefusal, type XlsxLimits } from './limits.js';
import type { SheetRow } from './sheet-rows.js';
import type { RowCheck, WorkerInput, WorkerMessage } from './sheet-worker.js';
import { createSlots } from './slots.js';
import { checkZipDirectory, checkZipDirectoryOf } from './zip-directory.js';

export {
  DEFAULT_XLSX_LIMITS,
  XlsxLimitError,
  XlsxReadError,
  XlsxRefusal,
  type XlsxLimits,
  type SheetRow,
  type RowCheck,
};
export { readSheetRows } from './sheet-rows.js';

// The file a module's worker-side code is in, next to `base` (its caller's import.meta.url): TypeScript under the
// test runner (loaded through tsx in the worker), JavaScript once built.
export const workerModule = (base: string, name: string) =>
  new URL(`./${name}.${fileURLToPath(base).endsWith('.ts') ? 'ts' : 'js'}`, base);

// Under the test runner this file is TypeScript, and so is the worker: it is loaded through tsx's loader, registered
// in the worker's own thread (a worker's execArgv cannot take --import).
const WORKER = workerModule(import.meta.url, 'sheet-worker');
const isSource = WORKER.pathname.endsWith('.ts');
const startWorker = (workerData: WorkerInput) => {
  const resourceLimits = { maxOldGenerationSizeMb: workerData.limits.heapMb };
  return isSource
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER.href)}); });`,
        { eval: true, workerData, resourceLimits },
      )
    : new Worker(WORKER, { workerData, resourceLimits });
};

// How many files are read at once in the whole process (each worker may hold its heap limit, limits.heapMb, and the
// file besides); the other reads wait their turn, in order. `running` and `waiting` are for the tests.
export const XLSX_READS_MAX = 2;
export const xlsxReads = createSlots(XLSX_READS_MAX);

// The worker's error as the reader's: past its heap limit the file costs more than the limits allow (a refusal, as a
// bomb's), anything else is an unexpected failure.
const workerError = (err: Error & { code?: string }, limits: XlsxLimits): WorkerMessage =>
  err.code === 'ERR_WORKER_OUT_OF_MEMORY'
    ? { type: 'error', kind: 'size', message: `reading it needs more than ${limits.heapMb} MB of memory` }
    : { type: 'error', kind: 'other', message: err.message };

// The rows of an .xlsx file's first worksheet (sheet-rows.ts), read in a worker thread so that inflating and parsing
// never hold up the server's other calls; they come out in chunks of `chunkRows`. The limits are checked in the
// worker as it reads (a refused file ends with XlsxLimitError, an unreadable one with XlsxReadError); a worker past
// its heap limit ends with XlsxLimitError too. At most XLSX_READS_MAX files are read at once; a read waits for its
// turn. Stop iterating to stop the worker (and free the turn). `source`: the file's path (the worker reads it; the
// calling thread reads only its central directory), or its content. `check`: the address of a module whose default
// export is a RowCheck yielding T; the rows are checked by it in the worker too, so the calling thread receives only
// what it writes (a refusal of the whole file ends with XlsxRefusal).
export async function* readSheetRowsOffThread<T = SheetRow>(
  source: string | Buffer,
  width: number,
  opts: { limits?: XlsxLimits; chunkRows?: number; check?: URL } = {},
): AsyncGenerator<T[]> {
  const limits = opts.limits ?? DEFAULT_XLSX_LIMITS;
  // The central directory is read here first (a few microseconds): a bomb that declares its size costs no worker and
  // waits for no turn.
  if (typeof source === 'string') await checkZipDirectoryOf(source, limits);
  else checkZipDirectory(source, limits);
  const input: WorkerInput = {
    // Content is copied to the worker once, as it is posted; a view of a larger buffer would post all of that buffer.
    source:
      typeof source === 'string' || source.byteLength === source.buffer.byteLength ? source : new Uint8Array(source),
    width,
    limits,
    chunkRows: opts.chunkRows ?? 1000,
    ...(opts.check ? { check: opts.check.href } : {}),
  };
  const release = await xlsxReads.acquire();
  let worker: Worker | undefined;
  try {
    worker = startWorker(input);
    const queue: WorkerMessage[] = [];
    let wake: (() => void) | undefined;
    const push = (m: WorkerMessage) => {
      queue.push(m);
      wake?.();
    };
    worker.on('message', push);
    worker.on('error', (err) => push(workerError(err, limits)));
    worker.on('exit', () => push({ type: 'error', kind: 'other', message: 'the xlsx worker stopped' }));
    for (;;) {
      if (!queue.length) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      const m = queue.shift()!;
      if (m.type === 'rows') yield m.rows as T[];
      else if (m.type === 'done') return;
      else {
        throw m.kind === 'rows' || m.kind === 'size'
          ? new XlsxLimitError(m.kind, m.message)
          : m.kind === 'read'
            ? new XlsxReadError(m.message)
            : m.kind === 'refused'
              ? new XlsxRefusal(m.message)
              : new Error(m.message);
      }
    }
  } finally {
    try {
      worker?.removeAllListeners();
      // An error while it stops (its heap limit reached meanwhile) needs a listener: none would end the process.
      worker?.on('error', () => undefined);
      await worker?.terminate();
    } finally {
      release();
    }
  }
}
