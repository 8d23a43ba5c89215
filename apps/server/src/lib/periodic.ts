// Work a server runs on its own: once soon after start-up, then every `everyMs`, stopping with the app. A run does not
// start while the previous one is still running, and closing the app waits for the one in flight, so no run reaches
// a database that is being closed. Errors are logged with `failed`, never thrown.
export type PeriodicHost = {
  addHook: (name: 'onReady' | 'onClose', fn: () => Promise<void>) => unknown;
  log: { error: (o: object, m: string) => void };
};

export function schedulePeriodic(
  app: PeriodicHost,
  work: { run: () => Promise<unknown>; everyMs: number; firstAfterMs?: number; failed: string },
): void {
  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;
  const run = () => {
    if (isStopped || running) return;
    running = work
      .run()
      .then(
        () => undefined,
        (err: unknown) => app.log.error({ err }, work.failed),
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    first = setTimeout(run, work.firstAfterMs ?? 0).unref();
    timer = setInterval(run, work.everyMs).unref();
  });
  app.addHook('onClose', async () => {
    isStopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
