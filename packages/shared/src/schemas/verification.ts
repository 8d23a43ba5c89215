import { z } from 'zod';
import { isValidMobile, normalizeAreaCode } from '../phone.js';
import { zEmail, zPassword } from './auth.js';

// Verification codes (issue 19): 6-digit codes by e-mail or SMS for binding, replacing and unbinding the
// signed-in member's e-mail and mobile, and for resetting a forgotten password by e-mail.

export const VERIFY_CODE_LENGTH = 6;
// Spec section 9: the resend interval.
export const VERIFY_RESEND_SECONDS = 60;
export const VERIFY_TTL_SECONDS = 600;
export const VERIFY_MAX_TRIES = 5;

export const zVerifyCode = () =>
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'v.format')
    .describe('the 6-digit code sent by e-mail or SMS');

// What a code is for: bind (no address bound yet), rebindOld / rebindNew (replace: the current address, then the
// new one), unbind (the current address).
export const BIND_PURPOSES = ['bind', 'rebindOld', 'rebindNew', 'unbind'] as const;
export type BindPurpose = (typeof BIND_PURPOSES)[number];
const zPurpose = z.enum(BIND_PURPOSES).describe('bind | rebindOld (current address) | rebindNew | unbind');

const areaCode = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, 'v.format')
  .describe('country calling code of the mobile, e.g. 44, 86, 852');
const mobile = z
  .string()
  .trim()
  .regex(/^[\d\s\-().]{4,20}$/, 'v.mobile')
  .describe('mobile number, valid for its area code');

// The mobile must be valid for its region (spec section 5); the error names the field. Both left out (absent or
// sent empty, which arrives as null) is a code to the bound mobile.
function checkMobile(
  v: { areaCode?: string | null | undefined; mobile?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.mobile == null && v.areaCode == null) return;
  if (!v.areaCode || !normalizeAreaCode(v.areaCode)) {
    ctx.addIssue({ code: 'custom', path: ['areaCode'], message: 'v.required' });
    return;
  }
  if (!v.mobile || !isValidMobile(v.areaCode, v.mobile))
    ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'v.mobile' });
}

export const EmailCodeRequestBody = z.object({
  purpose: zPurpose,
  // `.nullish()`: the form sends the field empty ('' reads as null) with a code to the current address.
  email: zEmail().nullish().describe('the new address (bind, rebindNew); the current one is used otherwise'),
});
export type EmailCodeRequestBody = z.infer<typeof EmailCodeRequestBody>;

export const MobileCodeRequestBody = z
  .object({
    purpose: zPurpose,
    areaCode: areaCode.nullish(),
    mobile: mobile.nullish().describe('the new mobile (bind, rebindNew); the current one is used otherwise'),
  })
  .superRefine(checkMobile);
export type MobileCodeRequestBody = z.infer<typeof MobileCodeRequestBody>;

export const CodeSent = z.object({
  resendSeconds: z.number().int().describe('seconds before another code may be requested for this address'),
  expiresSeconds: z.number().int().describe('seconds the code stays valid'),
});
export type CodeSent = z.infer<typeof CodeSent>;

export const BindEmailBody = z.object({ email: zEmail(), code: zVerifyCode() });
export type BindEmailBody = z.infer<typeof BindEmailBody>;

export const ReBindEmailBody = z.object({
  oldCode: zVerifyCode().describe('the code sent to the current address (purpose rebindOld)'),
  email: zEmail().describe('the new address'),
  code: zVerifyCode().describe('the code sent to the new address (purpose rebindNew)'),
});
export type ReBindEmailBody = z.infer<typeof ReBindEmailBody>;

export const BindMobileBody = z.object({ areaCode, mobile, code: zVerifyCode() }).superRefine(checkMobile);
export type BindMobileBody = z.infer<typeof BindMobileBody>;

export const ReBindMobileBody = z
  .object({
    oldCode: zVerifyCode().describe('the code sent to the current mobile (purpose rebindOld)'),
    areaCode,
    mobile,
    code: zVerifyCode().describe('the code sent to the new mobile (purpose rebindNew)'),
  })
  .superRefine(checkMobile);
export type ReBindMobileBody = z.infer<typeof ReBindMobileBody>;

export const UnbindBody = z.object({ code: zVerifyCode().describe('the code sent to the current address') });
export type UnbindBody = z.infer<typeof UnbindBody>;

// Forgotten password (public): a code for an e-mail, behind the captcha; the answer is the same whether or not
// the address belongs to a member.
export const ResetCodeRequestBody = z.object({
  email: zEmail(),
  key: z
    .string()
    .regex(/^[A-Za-z0-9]{16,64}$/, 'v.format')
    .describe('the captcha key (randomId) of GET /api/v1/sys/code/getCode'),
  captcha: z.string().trim().min(1).max(10).describe('the characters shown in the captcha image'),
});
export type ResetCodeRequestBody = z.infer<typeof ResetCodeRequestBody>;

// The sign-in captcha's code sent to the member's e-mail instead of read from the picture (WCAG 3.3.8, decision 369).
export const CaptchaByEmailBody = z.object({
  email: zEmail().describe('the e-mail address of the account signing in'),
  key: ResetCodeRequestBody.shape.key,
});
export type CaptchaByEmailBody = z.infer<typeof CaptchaByEmailBody>;

export const ResetPwdByEmailBody = z.object({
  email: zEmail(),
  code: zVerifyCode(),
  password: zPassword().describe('the new password, 8 to 20 characters'),
});
export type ResetPwdByEmailBody = z.infer<typeof ResetPwdByEmailBody>;
