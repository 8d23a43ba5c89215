import { isIP } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { BACKGROUND_HEADER, Code, resolveLocale, SIGN_HEADER, TOKEN_HEADER, type MessageKey } from '@study-crm/shared';
import type { Config } from '../config.js';
import type { Access } from './access.js';
import type { AuthMember, Carry } from './context.js';
import { AppError } from './errors.js';
import { auditRefusal } from './audit.js';
import { failure } from './envelope.js';
import { describeProblem } from './validation.js';

function param(req: FastifyRequest, name: string): string | undefined {
  for (const source of [req.query, req.body]) {
    if (source && typeof source === 'object' && name in source) {
      const v = (source as Record<string, unknown>)[name];
      if (typeof v === 'string' && v !== '') return v;
    }
  }
  return undefined;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function bearer(req: FastifyRequest): string | undefined {
  const auth = header(req, 'authorization');
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() || undefined : undefined;
}

const NO_PERMS: ReadonlySet<string> = new Set();

// The longest text of an IP address (IPv6 with an IPv4 tail); isIP also accepts an IPv6 zone of any length.
const IP_TEXT_MAX = 45;
const isAddress = (a: string | undefined): a is string => !!a && a.length <= IP_TEXT_MAX && isIP(a) !== 0;

// The client's address as every reader of `req.ip` sees it (sign-in throttle keys, sessions, the audit log, the log):
// behind a trusted proxy, the address X-Forwarded-For names when it is one. Anything else there (any text, of any
// length) would reach the address columns (varchar(64); PostgreSQL refuses longer text: a 500): the socket's then.
function pinClientAddress(req: FastifyRequest): void {
  if (isAddress(req.ip)) return;
  const socket = req.raw.socket?.remoteAddress;
  // An own property in front of Fastify's getter, for this request only.
  Object.defineProperty(req, 'ip', { value: isAddress(socket) ? socket : '', enumerable: true });
}

// What the hooks need of the auth module's sessions; app.ts passes the session service in, so the HTTP layer does
// not import a module.
export type SessionAuthenticator = {
  authenticate(token: string, carry?: Carry, background?: boolean): Promise<AuthMember | null>;
};

// Locale, the client check (appId + sign), the session and the permission check, in that order.
export function registerHooks(app: FastifyInstance, config: Config, sessions: SessionAuthenticator): void {
  app.decorateRequest('locale', 'zh-TW');
  app.decorateRequest('member', null);

  // Callback hooks, not async ones: a route without access (health, the web app) costs no promise here (issue 43).
  app.addHook('onRequest', (req, reply, done) => {
    // Only a proxy's header can name an address that is none (the socket's always is one).
    if (config.trustProxy) pinClientAddress(req);
    req.locale = resolveLocale(req.headers['accept-language']);
    void reply.header('x-request-id', req.id);
    // Answers of every signed-in route (data, refusals, downloads) are kept by no cache, shared or the browser's
    // (ASVS 8.2.1); a handler may set a stricter value of its own (downloads: private, no-store).
    const access = req.routeOptions.config.access;
    if (access && access !== 'public') void reply.header('cache-control', 'no-store');
    done();
  });

  async function check(req: FastifyRequest, access: Access, carry: Carry | undefined): Promise<void> {
    const appId = param(req, 'appId');
    const mcId = param(req, 'mcId');
    if (appId !== config.appId || header(req, SIGN_HEADER) !== config.clientSign || (mcId && mcId !== config.mcId)) {
      throw new AppError(Code.INVALID_CLIENT);
    }
    if (access === 'public') return;
    const token = header(req, TOKEN_HEADER) ?? bearer(req) ?? param(req, 'token');
    const background = header(req, BACKGROUND_HEADER) === '1';
    const member = token ? await sessions.authenticate(token, carry, background) : null;
    if (!member) throw new AppError(Code.UNAUTHORIZED);
    const claimed = param(req, 'memberId');
    if (claimed !== undefined && claimed !== String(member.id)) throw new AppError(Code.UNAUTHORIZED);
    req.member = member;
    // A role requires two-factor sign-in and the member has not set it up: only their own calls until they do. The
    // calls open to any signed-in member that answer by the member's permissions (exports, search, timelines, the
    // dashboard, projects) see none of them till then: the password alone opens no record. Projects and tasks also
    // open to their members and assignees: their services refuse those grants too (`caller()`, decision 335).
    if (member.isTwoFactorPending) {
      if (access !== 'signedIn') throw new AppError(Code.TWO_FACTOR_SETUP_REQUIRED);
      req.member = { ...member, perms: NO_PERMS };
      return;
    }
    if (access === 'signedIn') return;
    if (!member.perms.has(access)) throw new AppError(Code.FORBIDDEN);
  }

  app.addHook('preHandler', (req, _reply, done) => {
    const { access, carry } = req.routeOptions.config;
    if (!access) return done();
    check(req, access, carry).then(() => done(), done);
  });

  app.setErrorHandler(async (err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      // Permission refusals are audited (ASVS 7.2); those of an audited handler have their entry already.
      if (err.code === Code.FORBIDDEN || err.code === Code.TWO_FACTOR_SETUP_REQUIRED) {
        await auditRefusal(app, req, err.code).catch((e: unknown) => req.log.error({ err: e }, 'audit entry failed'));
      }
      if (err.cause !== undefined) req.log.warn({ err: err.cause, code: err.code }, 'refused; the cause');
      const params = { ...err.params };
      if (err.messageKey === 'badRequest' && typeof params.reason === 'string') {
        params.detail = describeProblem(
          { field: String(params.field ?? 'body'), reason: params.reason as MessageKey, params },
          req.locale,
        );
      }
      return reply.code(200).send(failure(err.code, err.messageKey, req.locale, params, err.data));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed bodies, wrong content types, oversized payloads: the caller's fault, so 400.
      const tooLarge = status === 413;
      const detail = describeProblem(
        tooLarge
          ? {
              field: 'body',
              reason: 'v.fileTooLarge',
              params: { max: `${Math.round(config.uploadMaxBytes / 1048576)} MB` },
            }
          : { field: 'body', reason: 'v.body', params: {} },
        req.locale,
      );
      req.log.info({ code: err.code, status }, 'rejected request');
      return reply.code(200).send(failure(400, 'badRequest', req.locale, { detail, field: 'body' }));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(200).send(failure(500, 'internalError', req.locale));
  });
}
