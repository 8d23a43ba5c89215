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
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { createFeedbackPersonalData, feedbackPersonalData } from './personal-data.repository.js';
// Retention: the submission counter's passed windows (a request only counts).
export { purgePassedFeedbackWindows } from './retention.repository.js';
