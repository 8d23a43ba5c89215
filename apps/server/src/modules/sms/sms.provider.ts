import { createHmac } from 'node:crypto';
import type { Config } from '../../config.js';
import { DeliveryError } from '../delivery/index.js';

// One text message to one number. `from`: sender id or number; null lets the gateway use its default.
export type SmsMessage = { to: string; content: string; from: string | null };
// A provider sends one message or throws a DeliveryError saying whether retrying can help.
export type SmsProvider = {
  name: 'http' | 'none';
  isConfigured: boolean;
  send(message: SmsMessage): Promise<{ id: string }>;
};

// Outbox error codes of the SMS channel (shown to staff through smsDeliveryText).
export const SMS_ERROR = {
  noGateway: 'NO_GATEWAY',
  rejected: 'REJECTED',
  temporary: 'TEMPORARY',
  connection: 'CONNECTION',
  badResponse: 'BAD_RESPONSE',
} as const;

// The embedded default when no gateway is configured: nothing leaves the server, so every message fails for good
// with "not delivered: no SMS gateway configured" and is never recorded as sent.
export function createNoGatewayProvider(): SmsProvider {
  return {
    name: 'none',
    isConfigured: false,
    send() {
      return Promise.reject(new DeliveryError('not delivered: no SMS gateway configured', true, SMS_ERROR.noGateway));
    },
  };
}

export type HttpGatewaySettings = NonNullable<Config['smsGateway']>;

// The signature of a request: hex HMAC-SHA256 over `<timestamp>.<body>` with the shared secret.
export function signRequest(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

const BODY_MAX = 2000;

// A generic HTTP gateway: POST JSON {to, content, from} to the configured URL, signed with
// `x-timestamp` + `x-signature` (signRequest) and, when configured, `x-api-key`. A 2xx answer carries {"id": "…"}.
// 408, 425, 429 and 5xx answers, timeouts and connection failures are retried; any other answer (a refused number,
// bad credentials, a 2xx without an id) fails the message for good.
export function createHttpGatewayProvider(s: HttpGatewaySettings, now: () => number = Date.now): SmsProvider {
  return {
    name: 'http',
    isConfigured: true,
    async send(message) {
      const body = JSON.stringify({ to: message.to, content: message.content, from: message.from ?? s.from ?? null });
      const timestamp = String(now());
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-timestamp': timestamp,
        'x-signature': signRequest(s.secret, timestamp, body),
      };
      if (s.key) headers['x-api-key'] = s.key;
      let res: Response;
      let text: string;
      try {
        res = await fetch(s.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(s.timeoutMs) });
        text = (await res.text()).slice(0, BODY_MAX);
      } catch (err) {
        const isTimeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        throw new DeliveryError(
          isTimeout ? `gateway timeout after ${s.timeoutMs} ms` : `gateway unreachable: ${errorText(err)}`,
          false,
          SMS_ERROR.connection,
        );
      }
      const answer = parseJson(text);
      if (res.ok) {
        const id = answer && typeof answer === 'object' ? (answer as { id?: unknown }).id : undefined;
        if ((typeof id === 'string' && id) || typeof id === 'number') return { id: String(id) };
        throw new DeliveryError(`gateway answered ${res.status} without an id`, true, SMS_ERROR.badResponse);
      }
      const detail = `${res.status} ${gatewayMessage(answer) ?? (text || res.statusText)}`.trim();
      const isRetryable = res.status === 408 || res.status === 425 || res.status === 429 || res.status >= 500;
      throw new DeliveryError(detail, !isRetryable, isRetryable ? SMS_ERROR.temporary : SMS_ERROR.rejected);
    },
  };
}

export function createSmsProvider(config: Pick<Config, 'smsGateway'>): SmsProvider {
  return config.smsGateway ? createHttpGatewayProvider(config.smsGateway) : createNoGatewayProvider();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// `{"error":{"code":"…","message":"…"}}`, `{"error":"…"}` or `{"message":"…"}`.
function gatewayMessage(answer: unknown): string | undefined {
  if (!answer || typeof answer !== 'object') return undefined;
  const a = answer as { error?: unknown; message?: unknown };
  if (typeof a.error === 'string') return a.error;
  if (a.error && typeof a.error === 'object') {
    const e = a.error as { code?: unknown; message?: unknown };
    return [e.code, e.message].filter((v) => typeof v === 'string' || typeof v === 'number').join(': ') || undefined;
  }
  return typeof a.message === 'string' ? a.message : undefined;
}

const errorText = (err: unknown) =>
  err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
