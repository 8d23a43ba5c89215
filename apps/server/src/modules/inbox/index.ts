// Front door of the inbox module: the message box's messages, notices and to-dos (routes under /api/v1/message).
// Other modules post into it through `InboxService.syncSourceTodo`, never by writing its tables.
export { createInboxRepository } from './inbox.repository.js';
export type { SourceTodo, TodoSource } from './inbox.repository.js';
export { registerInboxRoutes } from './inbox.routes.js';
export { createInboxService } from './inbox.service.js';
export type { InboxService } from './inbox.service.js';
export { createInboxReport } from './inbox-report.repository.js';
export type { InboxReport } from './inbox-report.repository.js';
