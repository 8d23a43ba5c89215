// Front door of the content module (issue 21): announcements and the merchant record.
export { createContentRepository } from './content.repository.js';
export { createContentService } from './content.service.js';
export type { ContentService } from './content.service.js';
export { registerContentRoutes } from './content.routes.js';
