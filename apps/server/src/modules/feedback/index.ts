// Front door of the feedback module: feedback from the public and from members, staff replies (a thread), the
// e-mail and message-box delivery of replies, and the to-dos of unanswered feedback.
export { createFeedbackRepository } from './feedback.repository.js';
export type { FeedbackRepository } from './feedback.repository.js';
export { registerFeedbackRoutes } from './feedback.routes.js';
export { feedbackExporter } from './feedback.export.js';
export { createFeedbackService, FEEDBACK_TODO_KIND, SUBMIT_LIMIT } from './feedback.service.js';
export type { FeedbackService } from './feedback.service.js';
export { createFeedbackReport } from './feedback-report.repository.js';
export type { FeedbackReport } from './feedback-report.repository.js';
export { createFeedbackSearch } from './feedback-search.repository.js';
// Its part of a person's data for the subject access export (issue 41).
export { createFeedbackPersonalData } from './feedback-personal-data.repository.js';
// Its share of erasing a person's data (issue 41, db/personal-data.ts).
export { feedbackPersonalData } from './erase.repository.js';
