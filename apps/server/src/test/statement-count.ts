import type { Db } from '../db/database.js';

// A Kysely over the same database that records each statement it runs (by query id), for tests that count a call's
// statements. (A plugin's transformQuery also runs for a subquery's builder; a result comes back once a statement.)
export function countingDb(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const counting = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: (args) => {
      statements.push(args.queryId.queryId);
      return Promise.resolve(args.result);
    },
  });
  return { db: counting, statements };
}
