// Front door of the dict module: dictionary entries; other modules check values against it.
export { createDictRepository } from './dict.repository.js';
export type { DictRepository } from './dict.repository.js';
export { registerDictRoutes } from './dict.routes.js';
export { assertDictValues, createDictService } from './dict.service.js';
export { dictLabels, dictPages, withDictText } from './dict-labels.js';
export type { DictListDeps } from './dict-labels.js';
export { dictExporter } from './dict.export.js';
export type { DictCheck, DictService } from './dict.service.js';
