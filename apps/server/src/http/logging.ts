import type { FastifyServerOptions } from 'fastify';
import type { Writable } from 'node:stream';

// Query parameters whose values must never reach a log line.
const SECRET_PARAMS = /([?&](?:token|password|oldPassword|newPassword|code|sign|key)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

// Structured JSON logs with the request id; tokens, passwords and captcha answers redacted.
export function loggerOptions(level: string, stream?: Writable): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-token"]',
        'req.headers.sign',
        'req.headers.cookie',
        'req.body',
        'body',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; id?: string }) {
        return { method: req.method, url: redactUrl(req.url), ip: req.ip };
      },
    },
  };
}
