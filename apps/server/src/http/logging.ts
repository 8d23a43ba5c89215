import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Writable } from 'node:stream';

// Query parameters whose values must never reach a log line, compared after decoding the name: the server's
// query parser decodes `%74oken` to `token` and accepts it, so the log must redact it too.
const SECRET_PARAMS = new Set([
  'token',
  'password',
  'oldpassword',
  'newpassword',
  'code',
  'sign',
  'key',
  'mnemonic',
  'privatekey',
  'word1',
  'word2',
  'word3',
  // What a member asks XiaoK (GET /api/v1/chat) is theirs alone: never in a log line.
  'question',
]);

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    // Undecodable: the parser keeps it as written; redact it to be safe.
    return 'token';
  }
}

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const parts = query.split(/([&;])/).map((part) => {
    if (part === '&' || part === ';') return part;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    return SECRET_PARAMS.has(decodedName(name)) ? `${name}=[redacted]` : part;
  });
  return `${url.slice(0, q + 1)}${parts.join('')}${hash < 0 ? '' : url.slice(hash)}`;
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
        // Wallet secrets, should any object carrying them reach a log call.
        'mnemonic',
        'privateKey',
        '*.mnemonic',
        '*.privateKey',
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

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];
type LevelAware = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

// A request's logger, made only when a line at an enabled level is written: pino's child binds the request id
// through the redaction on every request, also when nothing is logged (a few percent of /health's cost, issue 43).
// Lines carry the same fields as the child's. Its six level methods are added below, on the prototype.
class RequestLogger {
  #child: LevelAware | undefined;
  readonly #parent: LevelAware;
  readonly #bindings: Bindings;

  constructor(parent: LevelAware, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #real(): LevelAware {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }

  write(level: Level, args: unknown[]): void {
    // The child's own level once it has one (a level set on this logger), the parent's before.
    if ((this.#child ?? this.#parent).isLevelEnabled?.(level) === false) return;
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

for (const level of LEVELS) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value(this: RequestLogger, ...args: unknown[]) {
      this.write(level, args);
    },
  });
}

// Fastify's childLoggerFactory: a route's own level or serializers get pino's child at once, as Fastify's default.
// (A RequestLogger is a FastifyBaseLogger once its level methods are on the prototype.)
export const requestLogger = (parent: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions) =>
  opts.level !== undefined || opts.serializers !== undefined
    ? parent.child(bindings, opts)
    : (new RequestLogger(parent, bindings) as unknown as FastifyBaseLogger);
