import type { FastifyInstance } from 'fastify';
import { feedbackApi, PERM } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { FeedbackService } from './feedback.service.js';

const tags = ['feedback'];

export function registerFeedbackRoutes(app: FastifyInstance, feedback: FeedbackService): void {
  defineRoute(app, {
    ...feedbackApi.list,
    access: PERM.feedbackList,
    tags,
    summary: 'Feedback, newest first, filtered by status and message time, searched by name, phone, e-mail, content',
    handler: ({ query }) => feedback.list(query),
  });

  defineRoute(app, {
    ...feedbackApi.getDetail,
    access: PERM.feedbackList,
    tags,
    summary: 'One feedback with all its fields and the reply thread (oldest first)',
    handler: ({ query }) => feedback.detail(query.id),
  });

  defineRoute(app, {
    ...feedbackApi.answer,
    access: PERM.feedbackAnswer,
    audit: { action: 'feedback.answer', record: 'feedback' },
    tags,
    summary: 'Reply to a feedback (content required); replies are never edited, a follow-up reply adds to the thread',
    description:
      'The reply is stored with its author and time; when the sender gave an e-mail it is queued in the delivery ' +
      'outbox (through the first mail server; emailed=0 on the reply when none is configured), and when the ' +
      "sender is a member it is posted to the member's message box. The feedback's to-dos are cleared.",
    handler: ({ body, member }) => feedback.answer(body, member!.id),
  });

  defineRoute(app, {
    ...feedbackApi.submit,
    access: 'public',
    audit: { action: 'feedback.submit', record: 'feedback' },
    tags,
    summary: "Public feedback from the consultancy's website or the student app",
    description:
      'Needs a captcha (GET /api/v1/sys/code/getCode?key=…, then key + code here: 4002 unknown or expired, 4001 ' +
      'wrong) and is limited per address (code 1005 when exceeded). name and content are required, and an e-mail ' +
      'or a mobile number with its area code (spec section 5 rules). HTML is stripped from every text.',
    handler: ({ body, req, locale }) => feedback.submit(body, req.ip, locale),
  });

  defineRoute(app, {
    ...feedbackApi.submitMine,
    access: 'signedIn',
    audit: { action: 'feedback.submitMine', record: 'feedback' },
    tags,
    summary: "A signed-in member's own feedback: name, e-mail and mobile come from their account",
    description: "Replies reach the member's message box, and their e-mail when the account has one.",
    handler: ({ body, member, locale }) => feedback.submitMine(member!.id, body.content, locale),
  });
}
