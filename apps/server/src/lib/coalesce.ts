// Calls of `run` that overlap share one run, and no caller is answered by a run that began before it called: while a
// run is on its way, callers wait for the next one, which starts as soon as it ends and answers all who came
// meanwhile. So at most one run is in flight and one queued however many call, and each answer is as fresh as an
// answer of its own would be. For probes (the health check's `select 1`: issue 43), not for work with arguments.
export function coalesce(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const launch = (): Promise<void> => {
    const current = run();
    running = current;
    const settle = () => {
      if (running === current) running = undefined;
    };
    current.then(settle, settle);
    return current;
  };
  const after = () => {
    queued = undefined;
    return launch();
  };
  return () => {
    if (!running) return launch();
    // (`settle` runs before `after`: the queued run takes the place of the one that ended, in the same tick.)
    queued ??= running.then(after, after);
    return queued;
  };
}
