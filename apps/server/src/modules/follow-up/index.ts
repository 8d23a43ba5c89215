// Front door of the follow-up module: the follow-up items of an application; they post to-dos to the inbox.
export { createFollowUpRepository } from './follow-up.repository.js';
// The progress read inside the application list's statement (PostgreSQL; passed in by the wiring).
export { followProgressJson } from './follow-up.repository.js';
export { registerFollowUpRoutes } from './follow-up.routes.js';
export { createFollowUpService, FOLLOW_UP_TODO_KIND, followUpTodoLink } from './follow-up.service.js';
export type { FollowUpService } from './follow-up.service.js';
export { createFollowUpReport } from './follow-up-report.repository.js';
export type { FollowUpReport } from './follow-up-report.repository.js';
export { createFollowUpTimeline } from './follow-up-timeline.repository.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { createFollowUpPersonalData, followUpPersonalData } from './personal-data.repository.js';
