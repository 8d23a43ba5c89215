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
// Sent as '1' with a call no person asked for (the message box's poll): the session check does not count it as
// activity, so an unattended screen's polls do not keep its session from ending when idle (decision 352).
export const BACKGROUND_HEADER = 'x-background';
export const MERCHANT_ID = 'COM';
export const PLATFORM = 'WEB';
