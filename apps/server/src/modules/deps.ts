import type { Config } from '../config.js';
import type { Db, Dialect } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import type { SessionService } from './auth/index.js';

// What every module's register function receives. Modules build their own repositories and services.
export type ModuleDeps = {
  config: Config;
  db: Db;
  dialect: Dialect;
  clock: Clock;
  sessions: SessionService;
};
