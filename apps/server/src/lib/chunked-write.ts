// Writes many rows as several short transactions instead of one long one (issue 38): `write` is called with each
// chunk of `size` rows in turn, and between two chunks the event loop takes a turn, so other calls' queries (on
// SQLite, the one connection) are served in between. The caller keeps all-or-nothing by writing into something no
// screen sees yet (an 'importing' batch, a staged import) and making it visible in a last, short step.
export const CHUNK_ROWS = 100;

export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

// A long loop's turn-taker: `await turn()` before each item gives the event loop a turn once `budgetMs` of work has
// passed since the last one. On SQLite a row's statements run synchronously and their promises settle as microtasks,
// so without it a loop over rows holds every other call for as long as it runs (issue 38); counted in rows, a turn
// lasted as long as its slowest rows.
export function timeSlicer(budgetMs = 1): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await yieldToEventLoop();
    since = performance.now();
  };
}

export async function writeInChunks<T>(
  rows: readonly T[],
  write: (chunk: T[], offset: number) => Promise<unknown>,
  size = CHUNK_ROWS,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    if (i > 0) await yieldToEventLoop();
    await write(rows.slice(i, i + size), i);
  }
}
