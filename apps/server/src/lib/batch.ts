// Lookups by key that overlap share one run over all their keys, and no caller is answered by a run that began before
// it called: while a run is on its way, callers gather for the next one, which starts as soon as it ends with every
// key asked meanwhile (each once). So at most one run is in flight however many call, a lone caller's run starts at
// once, and each answer is as fresh as a lookup of its own would be. What `coalesce` is for probes, for work with
// arguments (the session check on PostgreSQL, where a statement's round trip costs more than its rows: issue 43).
export function batchByKey<K, V>(
  runMany: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
): (key: K) => Promise<V | undefined> {
  type Waiter = { resolve: (v: V | undefined) => void; reject: (err: unknown) => void };
  let running = false;
  let gathering: Map<K, Waiter[]> | undefined;

  const launch = (batch: Map<K, Waiter[]>) => {
    running = true;
    let answers: Promise<ReadonlyMap<K, V>>;
    try {
      answers = runMany([...batch.keys()]);
    } catch (err) {
      answers = Promise.reject(err);
    }
    answers.then(
      (found) => {
        for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
        next();
      },
      (err: unknown) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
        next();
      },
    );
  };
  const next = () => {
    running = false;
    const batch = gathering;
    gathering = undefined;
    if (batch) launch(batch);
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiter = { resolve, reject };
      if (!running) return launch(new Map([[key, [waiter]]]));
      gathering ??= new Map();
      const waiters = gathering.get(key);
      if (waiters) waiters.push(waiter);
      else gathering.set(key, [waiter]);
    });
}
