import { publicCall, rawCall } from '../endpoint.js';
import { CaptchaQuery } from '../schemas/auth.js';

// The calls of the captcha module (spec section 7): two addresses of one PNG image call.
export const captchaApi = {
  getCode: publicCall(rawCall('/api/v1/sys/code/getCode', CaptchaQuery, 'image/png')),
  genValidateCode: publicCall(rawCall('/api/v1/sys/code/genValidateCode', CaptchaQuery, 'image/png')),
};
