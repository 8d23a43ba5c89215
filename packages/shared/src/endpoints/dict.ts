import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import {
  DictAddBody,
  DictEntrySchema,
  DictListQuery,
  DictOptionSchema,
  DictOptionsQuery,
  DictPage,
  DictTypeListQuery,
  DictTypeSummarySchema,
  DictUpdateBody,
} from '../schemas/dict.js';
import { IdParam } from '../wire.js';

// The calls of the dict module (spec section 7).
export const dictApi = {
  options: getCall('/api/v1/sys/dict/list', DictOptionsQuery, z.array(DictOptionSchema)),
  typeList: getCall('/admin/v1/sys/dict/typeList', DictTypeListQuery, z.array(DictTypeSummarySchema)),
  list: getCall('/admin/v1/sys/dict/list', DictListQuery, DictPage),
  view: getCall('/admin/v1/sys/dict/view', IdParam, DictEntrySchema),
  add: postCall('/admin/v1/sys/dict/add', DictAddBody, DictEntrySchema),
  update: postCall('/admin/v1/sys/dict/update', DictUpdateBody, DictEntrySchema),
  remove: postCall('/admin/v1/sys/dict/remove', IdParam, z.null()),
};
