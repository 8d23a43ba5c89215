// Demo data for trying the portal and for benchmarks:
//   npm run seed:demo -- --members 100000 --applications 100000 --payments 1000000 --projects 20
// Uses the same settings as the server (DATABASE_URL, DATA_DIR). Resumable and idempotent: it adds only what is
// missing. Another data set is one more option and one more entry in GENERATORS (e.g. --applications).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoApplications } from './demo-applications.js';
import { analyzeAll } from '../db/statistics.js';
import { seedDemoMembers } from './demo-members.js';
import { seedDemoPayments } from './demo-payments.js';
import { seedDemoProjects } from './demo-projects.js';
import { seed } from './seed.js';

type Generator = (db: Db, count: number, log: (line: string) => void) => Promise<number>;

const GENERATORS: Record<string, Generator> = {
  members: (db, count, log) => seedDemoMembers(db, count, { log }),
  applications: async (db, count) => (await seedDemoApplications(db, count)).inserted,
  // After applications: payments are spread over the applications there are.
  payments: (db, count, log) => seedDemoPayments(db, count, log),
  // Projects with members, tasks and the contribution records of the past 30 days.
  projects: (db, count) => seedDemoProjects(db, count),
};

async function main() {
  const { values } = parseArgs({
    options: Object.fromEntries(Object.keys(GENERATORS).map((k) => [k, { type: 'string' as const }])),
    strict: true,
  });
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db);
    await seed(handle.db, { adminLogin: config.adminLogin, adminPassword: config.adminPassword });
    for (const [name, generate] of Object.entries(GENERATORS)) {
      const raw = (values as Record<string, string | undefined>)[name];
      if (raw === undefined) continue;
      const count = Number(raw);
      if (!Number.isInteger(count) || count < 0) throw new Error(`--${name} must be a whole number, got '${raw}'`);
      const started = Date.now();
      const added = await generate(handle.db, count, (line) => console.log(line));
      console.log(`${name}: added ${added} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await analyzeAll(handle.db);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
