import { getCall, postCall } from '../endpoint.js';
import {
  ApplicationIdQuery,
  FollowUpAddSchema,
  FollowUpDoneSchema,
  FollowUpListSchema,
  FollowUpSchema,
  FollowUpUpdateSchema,
} from '../schemas/application.js';

// The calls of the follow-up module (spec section 7).
export const followUpApi = {
  list: getCall('/api/v1/mc/followUp/list', ApplicationIdQuery, FollowUpListSchema),
  add: postCall('/api/v1/mc/followUp/add', FollowUpAddSchema, FollowUpSchema),
  update: postCall('/api/v1/mc/followUp/update', FollowUpUpdateSchema, FollowUpSchema),
  done: postCall('/api/v1/mc/followUp/done', FollowUpDoneSchema, FollowUpSchema),
};
