import { z } from 'zod';
import { zPassword } from './auth.js';

// Own-account calls of the user centre.
export const PasswordChangeBody = z.object({
  oldPassword: z.string().min(1).max(100).describe('the current password'),
  newPassword: zPassword().describe('8 to 20 characters'),
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;
