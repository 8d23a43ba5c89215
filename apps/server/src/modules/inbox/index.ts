// Front door of the inbox module: the message box's messages, notices and to-dos (routes under /api/v1/message).
// Other modules post into it through `InboxService.syncSourceTodo`, never by writing its tables. Notice
// administration (the notice module) goes through the notice board (`createNoticeBoard`).
export { createInboxRepository } from './inbox.repository.js';
export type { SourceTodo, TodoSource } from './inbox.repository.js';
export { registerInboxRoutes } from './inbox.routes.js';
export { createInboxService } from './inbox.service.js';
export type { InboxService } from './inbox.service.js';
export { createNoticeBoardRepository } from './notice-board.repository.js';
export type { NoticeFilter, NoticeRow, NoticeValues } from './notice-board.repository.js';
export { createNoticeBoard } from './notice-board.service.js';
export type { NoticeBoard } from './notice-board.service.js';
export { createInboxReport } from './inbox-report.repository.js';
export type { InboxReport } from './inbox-report.repository.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { createInboxPersonalData, inboxPersonalData } from './personal-data.repository.js';
