// Front door of the tag module: tags.
export { createTagRepository } from './tag.repository.js';
export { registerTagRoutes } from './tag.routes.js';
export { createTagService } from './tag.service.js';
export type { TagService } from './tag.service.js';
export { tagExporter } from './tag.export.js';
