import type { Config } from '../config.js';
import type { Db, Dialect } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import type { SessionService } from './auth/index.js';

// What app.ts hands the composition root (`registerModules` in modules/index.ts), which builds each module's
// repository and service from it and gives a module only the parts it needs; mail, sms and the assistant get
// these parts and build their own.
export type ModuleDeps = {
  config: Config;
  db: Db;
  dialect: Dialect;
  clock: Clock;
  sessions: SessionService;
};
