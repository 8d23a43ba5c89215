// The wire contract's envelope, common parameters and headers, without zod: the web client and the login page need
// these and no schema.

// The response envelope of every call (spec section 7).
export type Meta = { code: number; message: string };
export type Envelope<T> = { meta: Meta; data: T };

// Names of the common parameters every request carries.
export const COMMON_PARAMS = ['appId', 'mcId', 'token', 'memberId'] as const;
export const SIGN_HEADER = 'sign';
// The web client sends the session token in this header, never in a URL.
export const TOKEN_HEADER = 'x-token';
export const MERCHANT_ID = 'COM';
export const PLATFORM = 'WEB';
