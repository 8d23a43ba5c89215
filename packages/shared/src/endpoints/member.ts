import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import {
  AddMemberEmailBody,
  MemberAddBody,
  MemberCountSchema,
  MemberListQuery,
  MemberPage,
  MemberSchema,
  MemberSetPasswordBody,
  MemberUpdateBody,
  MemberUpdateStatusBody,
  MemberViewSchema,
  ProfileSchema,
  RoleRefSchema,
} from '../schemas/member.js';
import { IdParam, zEmpty } from '../wire.js';

// The calls of the member module (spec section 7).
export const memberApi = {
  profile: getCall('/api/v1/member/profile', undefined, ProfileSchema),
  staffList: getCall('/api/v1/mc/member', MemberListQuery, MemberPage),
  list: getCall('/admin/v1/members/list', MemberListQuery, MemberPage),
  view: getCall('/api/v1/mc/member/view', IdParam, MemberViewSchema),
  roleOptions: getCall('/api/v1/mc/member/roleOptions', undefined, z.array(RoleRefSchema)),
  add: postCall('/api/v1/mc/member/add', MemberAddBody, MemberSchema),
  // Two addresses of one call (spec section 7 lists both).
  update: postCall('/admin/v1/members/update', MemberUpdateBody, MemberSchema),
  updateMc: postCall('/api/v1/mc/member/update', MemberUpdateBody, MemberSchema),
  updateStatus: postCall('/api/v1/mc/member/updateStatus', MemberUpdateStatusBody, MemberSchema),
  setPassword: postCall('/api/v1/mc/member/setPassword', MemberSetPasswordBody, zEmpty),
  remove: postCall('/api/v1/mc/member/remove', IdParam, zEmpty),
  addMemberEmail: postCall('/api/v1/mc/merchants/addMemberEmail', AddMemberEmailBody, MemberSchema),
  countMember: getCall('/api/v1/cake/rpt/countMember', undefined, MemberCountSchema),
};
