import type { FastifyInstance } from 'fastify';
import type { ImportService } from './import.service.js';

// Front door of the import module: spreadsheet imports of applications, employees, accounts, dictionary entries and
// tags (docs/import.md).
export { createImportRepository } from './import.repository.js';
export { registerImportRoutes } from './import.routes.js';
export { createImportService } from './import.service.js';
export type { ImportService } from './import.service.js';
export type { ImportServices } from './import.kinds.js';

// Dry runs never written go after a day, written runs after IMPORT_KEEP_DAYS: swept hourly, stopped with the app.
export function scheduleImportSweep(app: FastifyInstance, imports: Pick<ImportService, 'sweep'>): void {
  const sweep = setInterval(() => {
    imports.sweep().catch((err: unknown) => app.log.error({ err }, 'import sweep failed'));
  }, 3_600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
