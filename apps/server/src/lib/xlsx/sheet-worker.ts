import { parentPort, workerData } from 'node:worker_threads';
import { readSheetChunks, XlsxLimitError, type SheetRow, type XlsxLimits } from './sheet-rows.js';

// The worker side of readSheetRowsOffThread (index.ts): reads the sheet and posts its rows in chunks, then `done`,
// or the error that stopped it. The main thread stops it by terminating the worker.
export type WorkerInput = { source: string | Uint8Array; width: number; limits: XlsxLimits; chunkRows: number };
export type WorkerMessage =
  | { type: 'rows'; rows: SheetRow[] }
  | { type: 'done' }
  | { type: 'error'; kind: 'rows' | 'size' | 'read' | 'other'; message: string };

const input = workerData as WorkerInput;
const port = parentPort!;
const post = (m: WorkerMessage) => port.postMessage(m);

try {
  const source = typeof input.source === 'string' ? input.source : Buffer.from(input.source);
  let chunk: SheetRow[] = [];
  for await (const rows of readSheetChunks(source, input.width, input.limits)) {
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
  const kind = err instanceof XlsxLimitError ? err.kind : err instanceof Error ? 'read' : 'other';
  post({ type: 'error', kind, message });
}
