import { postCall, publicCall } from '../endpoint.js';
import { LoginEmailBody, LoginMobileBody, LoginNameBody, LoginResult } from '../schemas/auth.js';
import { zEmpty } from '../wire.js';

// The calls of the auth module (spec section 7).
export const authApi = {
  loginByName: publicCall(postCall('/api/v1/mc/auth/login/loginName', LoginNameBody, LoginResult)),
  loginByEmail: publicCall(postCall('/api/v1/mc/auth/login/email', LoginEmailBody, LoginResult)),
  loginByMobile: publicCall(postCall('/api/v1/mc/oadmin/mobile/login', LoginMobileBody, LoginResult)),
  logout: postCall('/api/v1/member/logout', undefined, zEmpty),
};
