import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import {
  AccountAddBody,
  AccountListQuery,
  AccountUpdateBody,
  AddMemberEmailBody,
  CheckGmProfileQuery,
  CheckGmProfileSchema,
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

// The account list (issue 21): accounts of the member app (students and parents), spec section 7's
// /api/v1/cake/users/{add,update,remove,checkGmProfile} plus the list, view, status and password calls.
const U = '/api/v1/cake/users';
export const accountListApi = {
  list: getCall(`${U}/list`, AccountListQuery, MemberPage),
  view: getCall(`${U}/view`, IdParam, MemberViewSchema),
  add: postCall(`${U}/add`, AccountAddBody, MemberSchema),
  update: postCall(`${U}/update`, AccountUpdateBody, MemberSchema),
  updateStatus: postCall(`${U}/updateStatus`, MemberUpdateStatusBody, MemberSchema),
  setPassword: postCall(`${U}/setPassword`, MemberSetPasswordBody, zEmpty),
  remove: postCall(`${U}/remove`, IdParam, zEmpty),
  checkGmProfile: getCall(`${U}/checkGmProfile`, CheckGmProfileQuery, CheckGmProfileSchema),
};
