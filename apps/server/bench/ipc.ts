import type { ChildProcess } from 'node:child_process';

type Answer = { ok: boolean; data?: unknown; error?: string };

// The request/answer loop the benches speak with their server processes (http-server.ts, bare-server.ts): each
// message sent gets the next answer, which carries the data or the error's text.
export function ipcCaller<M extends object>(child: ChildProcess): <T>(m: M) => Promise<T> {
  const pending: ((a: Answer) => void)[] = [];
  child.on('message', (a: Answer) => pending.shift()?.(a));
  return <T>(m: M) =>
    new Promise<T>((resolve, reject) => {
      pending.push((a) => (a.ok ? resolve(a.data as T) : reject(new Error(a.error))));
      child.send(m);
    });
}
