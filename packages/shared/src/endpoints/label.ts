import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import {
  LabelAddBody,
  LabelAssignBody,
  LabelListQuery,
  LabelPage,
  LabelSchema,
  LabelUpdateBody,
  MemberLabelSchema,
  MemberLabelsQuery,
} from '../schemas/label.js';
import { IdParam } from '../wire.js';

// The calls of the label module (spec section 7).
export const labelApi = {
  list: getCall('/api/v1/mc/labels/list', LabelListQuery, LabelPage),
  view: getCall('/api/v1/mc/labels/view', IdParam, LabelSchema),
  add: postCall('/api/v1/mc/labels/add', LabelAddBody, LabelSchema),
  update: postCall('/api/v1/mc/labels/update', LabelUpdateBody, LabelSchema),
  remove: postCall('/api/v1/mc/labels/remove', IdParam, z.null()),
  assign: postCall('/api/v1/mc/labels/assign', LabelAssignBody, z.array(MemberLabelSchema)),
  labelList: getCall('/api/v1/member/labelList', MemberLabelsQuery, z.array(MemberLabelSchema)),
};
