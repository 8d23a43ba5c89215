import { BACKGROUND_HEADER, Code, SIGN_HEADER, SILENT_CODES, TOKEN_HEADER, type Envelope } from '@study-crm/shared';
import i18n from '../i18n';
import { noteActivity } from './activity';
import { dialog, feedbackAvailable, toastError } from '../lib/feedback';
import { API_BASE, APP_ID, CLIENT_SIGN, HTTP_TIMEOUT_MS, MC_ID } from './config';
import { splitRefusal } from './refusal';
import { session } from './session';

// Values as a form sends them (a form's fields turned into wire values, a raw download's query). A call of the
// contract takes its endpoint's typed params instead (api/call.ts), which arrive here as a plain object.
export type Params = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export type CallOptions = {
  // Codes for which this caller shows its own message instead of the toast (spec: apiResCode).
  apiResCode?: readonly number[];
  // Login and security-check calls never raise the 401 dialog.
  isLogin?: boolean;
  // No toast and no dialog whatever the answer: a read ahead of a screen, which asks again and tells itself.
  quiet?: boolean;
  // A call no person asked for (a poll): not activity that keeps an idle session open, here or on the server.
  background?: boolean;
  signal?: AbortSignal;
};

// What api/call.ts adds from the endpoint it calls: `public`, its shared mark of a route that needs no session. The
// server does not look at the session there, so such a call is no activity of it (decision 376).
export type SendOptions = CallOptions & { public?: boolean | undefined };

// Called when the 401 dialog is confirmed: the app's logout (set by the session store).
let onSessionExpired: () => void = () => session.clear();
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

// Called on 1012 (a role requires two-factor sign-in that is not set up yet): the app opens the profile page, where
// it is set up (set by the router).
let onTwoFactorSetupRequired: () => void = () => undefined;
export function setTwoFactorSetupHandler(handler: () => void): void {
  onTwoFactorSetupRequired = handler;
}

let expiredDialogOpen = false;

// The session has ended (a 401, or the frame's idle or fixed limit passed: app/layout/SessionExpiry.tsx): the member
// is told, and signs in again.
export function showExpiredDialog(): void {
  if (expiredDialogOpen) return;
  expiredDialogOpen = true;
  const confirm = () => {
    onSessionExpired();
    window.location.reload();
  };
  if (!feedbackAvailable()) {
    confirm();
    return;
  }
  dialog.info({
    title: i18n.t('common.information'),
    content: i18n.t('common.sessionExpired'),
    okText: i18n.t('common.login'),
    closable: false,
    keyboard: false,
    mask: { closable: false },
    onOk: confirm,
  });
}

const fallbackMessage = () => i18n.t('common.networkUnstable');

// Common parameters (spec section 7). The token travels only in a header, never in a URL.
function commonParams(): Record<string, string> {
  return { appId: APP_ID, mcId: MC_ID, memberId: session.mid() ?? '' };
}

// The headers of every call (sign, language, session token); also used by streamed calls outside this file.
export function headers(extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = { [SIGN_HEADER]: CLIENT_SIGN, 'accept-language': i18n.language, ...extra };
  const token = session.token();
  if (token) h[TOKEN_HEADER] = token;
  return h;
}

// Nulls and undefined travel as empty strings; arrays as repeated keys.
export function encodeParams(params: object = {}): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...commonParams(), ...params }) as [string, unknown][]) {
    if (Array.isArray(v)) for (const item of v) out.append(k, String(item));
    else out.append(k, v === null || v === undefined ? '' : String(v));
  }
  return out;
}

// Chosen once: without a timeout (the default), the caller's signal as it is.
const withTimeout = HTTP_TIMEOUT_MS
  ? (signal?: AbortSignal): AbortSignal => {
      const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
      return signal ? AbortSignal.any([signal, timeout]) : timeout;
    }
  : (signal?: AbortSignal): AbortSignal | undefined => signal;

// Spec section 8: the one place that reacts to meta.code.
export function handleEnvelope<T>(body: unknown, opts: CallOptions): Envelope<T> {
  const env = body as Partial<Envelope<T>> | null;
  if (!env || typeof env !== 'object' || !env.meta || typeof env.meta.code !== 'number') {
    if (!opts.quiet) toastError(fallbackMessage());
    return { meta: { code: 509, message: fallbackMessage() }, data: null as T };
  }
  const { code, message } = env.meta;
  const suppressed = opts.quiet || (opts.apiResCode?.includes(code) ?? false);
  if (code === 401 && !opts.isLogin && !suppressed) showExpiredDialog();
  else if (!SILENT_CODES.has(code) && code !== 401 && !suppressed) {
    const { headline, details } = splitRefusal(message || fallbackMessage());
    toastError(headline, details);
  }
  if (code === Code.TWO_FACTOR_SETUP_REQUIRED && !suppressed) onTwoFactorSetupRequired();
  return env as Envelope<T>;
}

// Goes up when the caller's access changes (a role switch: when it is asked for and when it is done). A refusal
// (403) of a call sent under other access than it is answered in, or answered while a switch is under way, speaks of
// the access that is going (a screen still loading or reading again when its role went away, which the switch
// closes before it ends): it is not shown.
let accessEpoch = 0;
let accessSwitching = false;
// A switch begins: the server may answer for either access until it ends.
export const accessChanging = () => {
  accessEpoch += 1;
  accessSwitching = true;
};
// The switch has ended: the new access is read and the screens it cannot open are closed.
export const accessChanged = () => {
  accessEpoch += 1;
  accessSwitching = false;
};

const refusedUnderOtherAccess = (body: unknown, sentAt: number) =>
  (accessSwitching || sentAt !== accessEpoch) &&
  (body as Partial<Envelope<unknown>> | null)?.meta?.code === Code.FORBIDDEN;

// The headers of a call, with the background mark when it is one.
const callHeaders = (opts: CallOptions, extra: Record<string, string> = {}) =>
  headers(opts.background ? { ...extra, [BACKGROUND_HEADER]: '1' } : extra);

async function send<T>(url: string, init: RequestInit, opts: SendOptions): Promise<Envelope<T>> {
  const sentAt = accessEpoch;
  const signedAt = session.token() && !opts.background && !opts.public ? Date.now() : 0;
  let res: Response;
  try {
    res = await fetch(API_BASE + url, { ...init, signal: withTimeout(opts.signal) ?? null });
  } catch (err) {
    if ((err as Error).name !== 'AbortError' && !opts.quiet) toastError((err as Error).message || fallbackMessage());
    throw err;
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  // A signed call the server answered (an envelope, not 401 or 9001, which it gives before the session check) kept
  // the session open from when it was sent; a proxy's error page did not.
  const answered = (body as Partial<Envelope<T>> | null)?.meta?.code;
  if (signedAt && typeof answered === 'number' && answered !== 401 && answered !== Code.INVALID_CLIENT)
    noteActivity(signedAt);
  return handleEnvelope<T>(body, refusedUnderOtherAccess(body, sentAt) ? { ...opts, quiet: true } : opts);
}

export const api = {
  get<T>(url: string, params?: object, opts: SendOptions = {}): Promise<Envelope<T>> {
    return send<T>(`${url}?${encodeParams(params).toString()}`, { method: 'GET', headers: callHeaders(opts) }, opts);
  },
  post<T>(url: string, body?: object, opts: SendOptions = {}): Promise<Envelope<T>> {
    return send<T>(
      url,
      {
        method: 'POST',
        headers: callHeaders(opts, { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' }),
        body: encodeParams(body).toString(),
      },
      opts,
    );
  },
  // Binary answers (captcha images, downloads): no envelope unless the server refused.
  async blob(url: string, params?: object, opts: CallOptions = {}): Promise<Blob> {
    let res: Response;
    try {
      res = await fetch(`${API_BASE}${url}?${encodeParams(params).toString()}`, {
        headers: headers(),
        signal: withTimeout(opts.signal) ?? null,
      });
    } catch (err) {
      toastError((err as Error).message || fallbackMessage());
      throw err;
    }
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      const env = handleEnvelope<null>(await res.json().catch(() => null), opts);
      throw new ApiError(env.meta.code, env.meta.message);
    }
    return res.blob();
  },
};

// `message` is what staff read; `details` the code and field of a parameter error, for support.
export class ApiError extends Error {
  readonly details: string | null;
  constructor(
    readonly code: number,
    message: string,
  ) {
    const { headline, details } = splitRefusal(message);
    super(headline);
    this.name = 'ApiError';
    this.details = details;
  }
}

// For TanStack Query: the data of a 200, otherwise an ApiError (the toast was already shown).
export async function unwrap<T>(call: Promise<Envelope<T>>): Promise<T> {
  const env = await call;
  if (env.meta.code !== 200) throw new ApiError(env.meta.code, env.meta.message);
  return env.data;
}
