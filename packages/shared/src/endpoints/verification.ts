import { z } from 'zod';
import { postCall, publicCall } from '../endpoint.js';
import {
  BindEmailBody,
  BindMobileBody,
  CaptchaByEmailBody,
  CodeSent,
  EmailCodeRequestBody,
  MobileCodeRequestBody,
  ReBindEmailBody,
  ReBindMobileBody,
  ResetCodeRequestBody,
  ResetPwdByEmailBody,
  UnbindBody,
} from '../schemas/verification.js';

// Binding and passwords (spec section 7): codes, bind / replace / unbind, and the forgotten-password reset.
export const verificationApi = {
  emailCode: postCall('/api/v1/member/email/sms/request', EmailCodeRequestBody, CodeSent),
  mobileCode: postCall('/api/v1/member/mobile/sms/request', MobileCodeRequestBody, CodeSent),
  bindEmail: postCall('/api/v1/member/email/bindEmail', BindEmailBody, z.null()),
  reBindEmail: postCall('/api/v1/member/email/reBindEmail', ReBindEmailBody, z.null()),
  unbindEmail: postCall('/api/v1/member/email/unbindEmail', UnbindBody, z.null()),
  bindMobile: postCall('/api/v1/member/mobile/bindMobile', BindMobileBody, z.null()),
  reBindMobile: postCall('/api/v1/member/mobile/reBindMobile', ReBindMobileBody, z.null()),
  unbindMobile: postCall('/api/v1/member/mobile/unbindMobile', UnbindBody, z.null()),
  resetCode: publicCall(postCall('/api/v1/member/password/resetPwdByEmail/request', ResetCodeRequestBody, CodeSent)),
  resetPwdByEmail: publicCall(postCall('/api/v1/member/password/resetPwdByEmail', ResetPwdByEmailBody, z.null())),
  // Not in the spec: the captcha's code by e-mail, for whoever cannot read the picture (decision 369).
  captchaByEmail: publicCall(postCall('/api/v1/sys/code/sendByEmail', CaptchaByEmailBody, CodeSent)),
};
