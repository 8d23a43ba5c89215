import { z } from 'zod';
import { pageOf, zId, zIdList, zOptText, zPaging, zText } from '../wire.js';
import { zColor, zStatus } from './common-status.js';
import { updateBodyOf, zSort } from './entry.js';

// Labels staff attach to members (e.g. to group students).
export const LabelFields = z.object({
  name: zText(60).describe('unique label name'),
  color: zColor(),
  description: zOptText(500),
  sort: zSort(),
  status: zStatus().nullish().describe('default enabled'),
});
export const LabelAddBody = LabelFields;
export type LabelAddBody = z.infer<typeof LabelAddBody>;
export const LabelUpdateBody = updateBodyOf(LabelFields);
export type LabelUpdateBody = z.infer<typeof LabelUpdateBody>;

export const LabelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  description: z.string().nullable(),
  sort: z.number().int(),
  status: zStatus(),
  version: z.number().int().describe('optimistic version, sent back with an update'),
  memberCount: z.number().int().describe('members carrying this label'),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Label = z.infer<typeof LabelSchema>;

export const LabelListQuery = zPaging.extend({
  keyword: zOptText(60).describe('substring of name or description'),
  status: zStatus().nullish(),
});
export type LabelListQuery = z.infer<typeof LabelListQuery>;
export const LabelPage = pageOf(LabelSchema);

// `memberId` is the common parameter naming the caller (spec section 7), so the member whose labels
// are read or set travels as `userId`; without it labelList answers for the caller.
export const MemberLabelsQuery = z.object({
  userId: zId().nullish().describe('member whose labels to return; default the signed-in member'),
});
export const MemberLabelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  status: zStatus(),
});
export type MemberLabel = z.infer<typeof MemberLabelSchema>;

// Replaces the member's labels with exactly these (an empty list clears them).
export const LabelAssignBody = z.object({
  userId: zId().describe('member whose labels are set'),
  labelIds: zIdList().nullish().describe('comma-separated or repeated label ids'),
});
export type LabelAssignBody = z.infer<typeof LabelAssignBody>;
