import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import {
  TagAddBody,
  TagCheckQuery,
  TagCheckResult,
  TagListQuery,
  TagOptionSchema,
  TagPage,
  TagSchema,
  TagSearchQuery,
  TagUpdateBody,
} from '../schemas/tag.js';
import { IdParam } from '../wire.js';

// The calls of the tag module (spec section 7).
export const tagApi = {
  list: getCall('/admin/v1/tags/list', TagListQuery, TagPage),
  view: getCall('/admin/v1/tags/view', IdParam, TagSchema),
  check: getCall('/admin/v1/tags/check', TagCheckQuery, TagCheckResult),
  add: postCall('/admin/v1/tags/add', TagAddBody, TagSchema),
  update: postCall('/admin/v1/tags/update', TagUpdateBody, TagSchema),
  remove: postCall('/admin/v1/tags/remove', IdParam, z.null()),
  search: getCall('/api/v1/tags/search', TagSearchQuery, z.array(TagOptionSchema)),
};
