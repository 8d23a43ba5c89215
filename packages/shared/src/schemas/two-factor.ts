import { z } from 'zod';

// Staff two-factor sign-in (TOTP, RFC 6238), issue 13. Spaces anywhere are dropped: authenticator apps show the
// code as "123 456", and people copy it so.
export const zTotpCode = () =>
  z
    .string()
    .overwrite((v) => v.replace(/\s+/g, ''))
    .max(20)
    .regex(/^(\d{6}|[A-Za-z0-9]{4}(-?[A-Za-z0-9]{4}){3})$/, 'v.format')
    .describe('the 6-digit code of the authenticator app, or a one-time recovery code (xxxx-xxxx-xxxx-xxxx)');

// The data of a sign-in answered 1010: the password was right, the code is still needed.
export const TwoFactorChallenge = z.object({
  ticket: z.string().describe('proof of the password step, valid for five minutes; send it with the code'),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

export const TwoFactorLoginBody = z.object({
  ticket: z.string().min(1).max(1000),
  code: zTotpCode(),
});

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  required: z.boolean().describe('one of the member’s roles requires two-factor sign-in (TWO_FACTOR_ROLES)'),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorSetup = z.object({
  secret: z.string().describe('base32 secret, for typing into an app that cannot scan; shown during set-up only'),
  otpauthUrl: z.string(),
  qrDataUrl: z.string().describe('the otpauth URL as a PNG QR code (data URL)'),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

export const TwoFactorCodeBody = z.object({ code: zTotpCode() });

// Turning it off asks for the password too (issue 38); both are counted against the sign-in lock.
export const TwoFactorDisableBody = z.object({
  password: z.string().min(1).max(100).describe('the current password'),
  code: zTotpCode(),
});
export type TwoFactorDisableBody = z.infer<typeof TwoFactorDisableBody>;

export const RecoveryCodes = z.object({
  recoveryCodes: z.array(z.string()).describe('ten one-time codes, shown once; only their hashes are kept'),
});
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;
