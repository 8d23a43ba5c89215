// Front door of the search module: the navbar search box (issue 39). It owns no table; the modules that own the
// records hand it their searches (modules/index.ts).
export { registerSearchRoutes } from './search.routes.js';
export { createSearchService } from './search.service.js';
export type { SearchDeps, SearchService } from './search.service.js';
