// Front door of the import module: spreadsheet imports of applications, employees, accounts, dictionary entries and
// tags (docs/import.md).
export { createImportRepository } from './import.repository.js';
export { registerImportRoutes } from './import.routes.js';
export { createImportService } from './import.service.js';
export type { ImportService } from './import.service.js';
export type { ImportServices } from './import.kinds.js';

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { FileStorage } from '../files/index.js';
import type { ImportServices as Services } from './import.kinds.js';
import { createImportRepository as repository } from './import.repository.js';
import { registerImportRoutes as routes } from './import.routes.js';
import { createImportService as service } from './import.service.js';

// Builds the module on the other modules' services and registers its routes; dry runs never written go after a day.
export function registerImportModule(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; services: Services; storage: Pick<FileStorage, 'sink' | 'discard'> },
) {
  const imports = service({ repo: repository(deps.db), services: deps.services, clock: deps.clock });
  routes(app, { imports, storage: deps.storage });
  const sweep = setInterval(() => {
    imports.sweep().catch((err: unknown) => app.log.error({ err }, 'import sweep failed'));
  }, 3_600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  return imports;
}
