import { getCall, postCall, rawCall } from '../endpoint.js';
import {
  AvatarQuery,
  CvBody,
  LocationBody,
  PersonalCvSchema,
  ProfileDetailSchema,
  ProfileUpdateBody,
  SwitchRoleBody,
} from '../schemas/profile.js';
import { ProfileSchema } from '../schemas/member.js';

// The user centre's own calls (issue 19): profile, avatar, location, CV and the active role. All act on the caller.
export const profileApi = {
  detail: getCall('/api/v1/member/profile/detail', undefined, ProfileDetailSchema),
  update: postCall('/api/v1/member/profile/update', ProfileUpdateBody, ProfileDetailSchema),
  // Multipart, field `file` (an image, checked by content); the body is described in the route.
  uploadAvatar: postCall('/api/v1/member/profile/avatar', undefined, ProfileDetailSchema),
  avatar: rawCall('/api/v1/member/profile/avatarImg', AvatarQuery, 'image/*'),
  updateMyLocation: postCall('/api/v1/member/updateMyLocation', LocationBody, ProfileDetailSchema),
  switchRole: postCall('/api/v1/member/role/switch', SwitchRoleBody, ProfileSchema),
};

// spec section 7: /api/v1/cake/personalCv/{findByMemberId,update,create}, always the caller's own CV.
export const personalCvApi = {
  findByMemberId: getCall('/api/v1/cake/personalCv/findByMemberId', undefined, PersonalCvSchema),
  create: postCall('/api/v1/cake/personalCv/create', CvBody, PersonalCvSchema),
  update: postCall('/api/v1/cake/personalCv/update', CvBody, PersonalCvSchema),
};
