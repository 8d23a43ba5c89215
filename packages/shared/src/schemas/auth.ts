import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, isValidEmail } from '../helpers.js';

export const zPassword = () => z.string().min(PASSWORD_MIN, 'v.passwordLength').max(PASSWORD_MAX, 'v.passwordLength');
export const zEmail = () =>
  z
    .string()
    .trim()
    .max(120)
    .refine((v) => isValidEmail(v), 'v.email');

export const zCaptchaKey = () =>
  z
    .string()
    .regex(/^[A-Za-z0-9]{16,64}$/, 'v.format')
    .describe('client-generated random key (randomId), 16 to 64 letters and digits');

const captchaFields = {
  key: zCaptchaKey(),
  code: z.string().trim().min(1).max(10).describe('the characters shown in the captcha image'),
};

export const LoginNameBody = z.object({
  loginName: z.string().trim().min(1).max(120).describe('login name or e-mail'),
  password: zPassword(),
  ...captchaFields,
});
export type LoginNameBody = z.infer<typeof LoginNameBody>;

export const LoginEmailBody = z.object({ email: zEmail(), password: zPassword(), ...captchaFields });
export type LoginEmailBody = z.infer<typeof LoginEmailBody>;

export const LoginMobileBody = z.object({
  areaCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/, 'v.format')
    .describe('country calling code, e.g. 44 or 86'),
  mobile: z
    .string()
    .trim()
    .regex(/^\d{4,15}$/, 'v.format'),
  password: zPassword(),
  ...captchaFields,
});
export type LoginMobileBody = z.infer<typeof LoginMobileBody>;

export const LoginResult = z.object({
  token: z.string().describe('session token: send it in the x-token header'),
  mid: z.number().int().describe('member id of the signed-in member'),
});
export type LoginResult = z.infer<typeof LoginResult>;

export const CaptchaQuery = z.object({ key: zCaptchaKey() });
