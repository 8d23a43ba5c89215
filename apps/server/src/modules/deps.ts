import type { Config } from '../config.js';
import type { Db, Dialect } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import type { SessionService } from './auth/index.js';

// What app.ts hands the composition root (`registerModules` in modules/index.ts), whose areas (`wiring.<area>.ts`)
// build each module's repository and service from it and give a module only the parts it needs.
export type ModuleDeps = {
  config: Config;
  db: Db;
  dialect: Dialect;
  clock: Clock;
  sessions: SessionService;
};
