import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from './deps.js';
import { wireIdentity } from './wiring.identity.js';
import { wireMessaging } from './wiring.messaging.js';
import { wirePlatform } from './wiring.platform.js';
import { wireRecords, type StoredNamesCheck } from './wiring.records.js';
import { wireReports } from './wiring.reports.js';
import { wireSetup } from './wiring.setup.js';
import { wireUpkeep } from './wiring.upkeep.js';

// The composition root: it builds each module's repository and service and hands a module the services of the
// others it needs, one area a file (`wiring.<area>.ts`), each through the modules' front doors (`<domain>/index.ts`)
// only. An area takes the services of the areas before it and returns the ones the areas after it use.
export function registerModules(app: FastifyInstance, deps: ModuleDeps): void {
  // The stored names any module keeps (the orphan sweep's check): made by the last area, which knows every module,
  // and asked by a payment before it removes a file an edit dropped (decision 377), by then wired.
  const kept: { files?: StoredNamesCheck } = {};
  const keptAnywhere: StoredNamesCheck = (names) => kept.files!(names);
  const platform = wirePlatform(app, deps);
  const setup = wireSetup(app, deps, platform);
  const identity = wireIdentity(app, deps, platform);
  const records = wireRecords(app, deps, { ...platform, ...setup, ...identity, keptAnywhere });
  const messaging = wireMessaging(app, deps, { ...platform, ...setup, ...identity, ...records });
  wireReports(app, deps, { ...platform, ...setup, ...identity, ...records, ...messaging });
  kept.files = wireUpkeep(app, deps, { ...platform, ...setup, ...identity, ...records, ...messaging }).keptFiles;
}
