import { getCall, postCall, publicCall } from '../endpoint.js';
import { LoginResult } from '../schemas/auth.js';
import {
  RecoveryCodes,
  TwoFactorCodeBody,
  TwoFactorDisableBody,
  TwoFactorLoginBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../schemas/two-factor.js';
import { IdParam, zEmpty } from '../wire.js';

// Staff two-factor sign-in: the code step of sign-in, the member's own set-up, and the administrator's reset.
export const twoFactorApi = {
  login: publicCall(postCall('/api/v1/mc/auth/login/twoFactor', TwoFactorLoginBody, LoginResult)),
  status: getCall('/api/v1/member/twoFactor/status', undefined, TwoFactorStatus),
  setup: postCall('/api/v1/member/twoFactor/setup', undefined, TwoFactorSetup),
  confirm: postCall('/api/v1/member/twoFactor/confirm', TwoFactorCodeBody, RecoveryCodes),
  disable: postCall('/api/v1/member/twoFactor/disable', TwoFactorDisableBody, zEmpty),
  reset: postCall('/api/v1/mc/member/resetTwoFactor', IdParam, zEmpty),
};
