// Runs `fn` once the browser is idle (at the latest after `timeoutMs`), or after a second where it cannot tell;
// returns the cancel. For code the first screen does not wait for (drag-to-reorder, the toast and dialog host).
export function whenIdle(fn: () => void, timeoutMs = 3_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 1_000);
  return () => window.clearTimeout(id);
}
