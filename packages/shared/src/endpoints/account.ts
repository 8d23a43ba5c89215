import { z } from 'zod';
import { postCall } from '../endpoint.js';
import { PasswordChangeBody } from '../schemas/account.js';

// The calls of the account module (spec section 7).
export const accountApi = {
  change: postCall('/api/v1/member/password/change', PasswordChangeBody, z.null()),
};
