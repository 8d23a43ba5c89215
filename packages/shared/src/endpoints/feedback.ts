import { getCall, postCall, publicCall } from '../endpoint.js';
import {
  FeedbackAnswerBody,
  FeedbackDetailSchema,
  FeedbackListQuery,
  FeedbackMineBody,
  FeedbackPageSchema,
  FeedbackSubmitBody,
  FeedbackSubmittedSchema,
} from '../schemas/feedback.js';
import { IdParam } from '../wire.js';

// The calls of the feedback module (spec section 7, issue 18).
export const feedbackApi = {
  list: getCall('/api/v1/mc/feedbacks/list', FeedbackListQuery, FeedbackPageSchema),
  getDetail: getCall('/api/v1/mc/feedbacks/getDetail', IdParam, FeedbackDetailSchema),
  answer: postCall('/api/v1/mc/feedbacks/answer', FeedbackAnswerBody, FeedbackDetailSchema),
  // Public: the consultancy's website and the student app (captcha + a per-address limit).
  submit: publicCall(postCall('/api/v1/mc/feedbacks/submit', FeedbackSubmitBody, FeedbackSubmittedSchema)),
  // A signed-in member's own feedback: name and contact come from their account.
  submitMine: postCall('/api/v1/member/feedbacks/submit', FeedbackMineBody, FeedbackSubmittedSchema),
};
