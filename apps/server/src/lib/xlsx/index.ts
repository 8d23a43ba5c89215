import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_XLSX_LIMITS, XlsxLimitError, XlsxReadError, XlsxRefusal, type XlsxLimits } from './limits.js';
import type { SheetRow } from './sheet-rows.js';
import type { RowCheck, WorkerInput, WorkerMessage } from './sheet-worker.js';
import { checkZipDirectory } from './zip-directory.js';

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
const startWorker = (workerData: WorkerInput) =>
  isSource
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER.href)}); });`,
        { eval: true, workerData },
      )
    : new Worker(WORKER, { workerData });

// The rows of an .xlsx file's first worksheet (sheet-rows.ts), read in a worker thread so that inflating and parsing
// never hold up the server's other calls; they come out in chunks of `chunkRows`. The limits are checked in the
// worker as it reads (a refused file ends with XlsxLimitError, an unreadable one with XlsxReadError). Stop iterating
// to stop the worker. `check`: the address of a module whose default export is a RowCheck yielding T; the rows are
// checked by it in the worker too, so the calling thread receives only what it writes (a refusal of the whole file
// ends with XlsxRefusal).
export async function* readSheetRowsOffThread<T = SheetRow>(
  source: string | Buffer,
  width: number,
  opts: { limits?: XlsxLimits; chunkRows?: number; check?: URL } = {},
): AsyncGenerator<T[]> {
  // The central directory is read here first (a few microseconds): a bomb that declares its size costs no worker.
  checkZipDirectory(
    typeof source === 'string' ? await fs.promises.readFile(source) : source,
    opts.limits ?? DEFAULT_XLSX_LIMITS,
  );
  const input: WorkerInput = {
    source: typeof source === 'string' ? source : new Uint8Array(source),
    width,
    limits: opts.limits ?? DEFAULT_XLSX_LIMITS,
    chunkRows: opts.chunkRows ?? 1000,
    ...(opts.check ? { check: opts.check.href } : {}),
  };
  const worker = startWorker(input);
  const queue: WorkerMessage[] = [];
  let wake: (() => void) | undefined;
  const push = (m: WorkerMessage) => {
    queue.push(m);
    wake?.();
  };
  worker.on('message', push);
  worker.on('error', (err) => push({ type: 'error', kind: 'other', message: err.message }));
  worker.on('exit', () => push({ type: 'error', kind: 'other', message: 'the xlsx worker stopped' }));
  try {
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
    worker.removeAllListeners();
    await worker.terminate();
  }
}
