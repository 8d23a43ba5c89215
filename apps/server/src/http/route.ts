import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Code } from '@study-crm/shared';
import type { Locale, MessageKey, MessageParams } from '@study-crm/shared';
import { checkException, type Access } from './access.js';
import { openScope, runAudited, type AuditDecl } from './audit.js';
import type { AuthMember, Carry } from './context.js';
import { AppError } from './errors.js';
import { ok } from './envelope.js';
import { problemFromIssue } from './validation.js';

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export type HandlerContext<Q, B> = {
  query: Infer<Q>;
  body: Infer<B>;
  member: AuthMember | null;
  locale: Locale;
  req: FastifyRequest;
  reply: FastifyReply;
};

type Common<Q, B> = {
  method: 'GET' | 'POST';
  url: string;
  // The shared endpoint's mark of a call that needs no session (`publicCall`): set with the endpoint's spread, and
  // present exactly when `access` is 'public' (checked at registration).
  public?: true;
  access: Access;
  // A read the session check makes for the handler in its own statement (context.ts); only for signed-in routes.
  carry?: Carry;
  // What the audit log records of a call (http/audit.ts): every writing (POST) route declares it.
  audit?: AuditDecl;
  summary: string;
  tags: string[];
  description?: string;
  query?: Q;
  body?: B;
  // A multipart/form-data call read by the handler (readMultipart): its text fields and the `file` field, for the
  // OpenAPI document (http/openapi.ts); Fastify does not validate the multipart body.
  multipart?: { fields?: z.ZodObject };
};

// `response: 'raw'` routes set their headers and answer the body (a file, a workbook, a stream), which is sent once the
// route's audit entry is written: an audited download is in the log before its bytes leave. A reply that must start
// before the handler ends (the assistant's event stream) is sent by the handler itself, which then answers nothing.
export type RawBody = Buffer | Readable | string;
export type RouteDef<Q extends Schema | undefined, B extends Schema | undefined, R extends Schema> =
  | (Common<Q, B> & {
      response: R;
      handler: (ctx: HandlerContext<Q, B>) => Promise<z.input<R>> | z.input<R>;
      // A success message other than the plain 'Success' (e.g. "Data read successfully" with its counts).
      okMessage?: (data: z.output<R>) => { key: MessageKey; params?: MessageParams };
    })
  | (Common<Q, B> & {
      response: 'raw';
      produces: string;
      // (void: a handler that sent its reply itself answers nothing.)
      handler: (ctx: HandlerContext<Q, B>) => Promise<RawBody | void>;
    });

export type RouteInfo = {
  method: string;
  url: string;
  access: Access;
  audit?: AuditDecl | undefined;
  public?: true | undefined;
};

// Form and query values: '' means null (spec section 7).
function blankToNull(input: unknown): Record<string, unknown> {
  if (!input || typeof input !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) out[k] = v === '' ? null : v;
  return out;
}

// How deep a request's values may nest: the deepest form (an application's rows of sections) is a few levels. A
// deeper body is refused before zod walks it (recursively); a JSON body 20,000 deep once overflowed the stack: a 500.
export const INPUT_DEPTH_MAX = 32;

type Step = { value: unknown; key: string; parent: Step | null; depth: number };
// A value's field path, read back from its step (paths are only built for the one value reported).
const pathOf = (step: Step): string[] => {
  const keys: string[] = [];
  for (let s: Step | null = step; s?.parent; s = s.parent) keys.push(s.key);
  return keys.reverse();
};

// The first text value holding a NUL character (PostgreSQL refuses it in text, SQLite truncates), or the first value
// nested deeper than INPUT_DEPTH_MAX: its field path ('' for the input itself) and the reason. Walked with a stack of
// its own, not by recursion, so a hostile depth cannot overflow the call stack before it is seen.
export function inputProblem(value: unknown): { path: string[]; reason: 'v.nul' | 'v.body' } | null {
  const stack: Step[] = [{ value, key: '', parent: null, depth: 0 }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const v = step.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { path: pathOf(step), reason: 'v.nul' };
    } else if (v && typeof v === 'object') {
      if (step.depth >= INPUT_DEPTH_MAX) return { path: pathOf(step), reason: 'v.body' };
      // Pushed last to first: popped in the fields' order, so the first bad field is the one named.
      const entries = Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        stack.push({ value: child, key, parent: step, depth: step.depth + 1 });
      }
    }
  }
  return null;
}

// A NUL names the field holding it; a body nested too deep names its top field (the rest of its path is noise).
function refuseInput(problem: { path: string[]; reason: 'v.nul' | 'v.body' }, location: string): AppError {
  const path = problem.reason === 'v.body' ? problem.path.slice(0, 1) : problem.path;
  return new AppError(Code.BAD_REQUEST, 'badRequest', { field: path.join('.') || location, reason: problem.reason });
}

export function parseInput<S extends Schema>(schema: S, input: unknown, location: string): z.output<S> {
  const data = blankToNull(input);
  const unsafe = inputProblem(data);
  if (unsafe) throw refuseInput(unsafe, location);
  const result = schema.safeParse(data);
  if (result.success) {
    // JSON-string fields (application sections) can decode to a NUL: checked again after parsing.
    const decoded = inputProblem(result.data);
    if (decoded) throw refuseInput(decoded, location);
    return result.data;
  }
  const issue = result.error.issues[0];
  if (!issue) throw new AppError(Code.BAD_REQUEST, 'badRequest', { field: location, reason: 'v.format' });
  const problem = problemFromIssue(issue, location, data);
  throw new AppError(Code.BAD_REQUEST, 'badRequest', {
    field: problem.field,
    reason: problem.reason,
    ...problem.params,
  });
}

const META = z.object({ code: z.number().int(), message: z.string() });
// One envelope schema per data schema, shared by every app of the process (the endpoints' schemas are module
// constants; tests start many apps).
const envelopes = new WeakMap<Schema, z.ZodObject<{ meta: typeof META; data: Schema }>>();
export function envelopeOf(data: Schema): z.ZodObject<{ meta: typeof META; data: Schema }> {
  let envelope = envelopes.get(data);
  if (!envelope) envelopes.set(data, (envelope = z.object({ meta: META, data })));
  return envelope;
}

// A route is: its schemas, its access, one handler call. Validation, access and the envelope live here.
export function defineRoute<Q extends Schema | undefined, B extends Schema | undefined, R extends Schema>(
  app: FastifyInstance,
  def: RouteDef<Q, B, R>,
): void {
  checkException(def);
  app.routeTable.push({ method: def.method, url: def.url, access: def.access, audit: def.audit, public: def.public });
  // A multipart route lives in the scope that reads multipart forms (app.ts).
  (def.multipart ? app.uploads : app).route({
    method: def.method,
    url: def.url,
    config: { access: def.access, ...(def.carry ? { carry: def.carry } : {}) },
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.description ? { description: def.description } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body, consumes: ['application/x-www-form-urlencoded', 'application/json'] } : {}),
      ...(def.multipart ? { multipart: def.multipart.fields ?? z.object({}), consumes: ['multipart/form-data'] } : {}),
      ...(def.access === 'public' ? { security: [] } : {}),
      ...('produces' in def ? { produces: [def.produces] } : { response: { 200: envelopeOf(def.response) } }),
    },
    handler: async (req, reply) => {
      if (!def.audit) return handle(req, reply);
      const scope = openScope(req, def.audit, `${def.method} ${def.url}`, { query: req.query, body: req.body });
      return runAudited(app, req, scope, () => handle(req, reply));
    },
  });

  async function handle(req: FastifyRequest, reply: FastifyReply) {
    const ctx = {
      query: (def.query ? parseInput(def.query, req.query, 'query') : {}) as Infer<Q>,
      body: (def.body ? parseInput(def.body, req.body, 'body') : {}) as Infer<B>,
      member: req.member,
      locale: req.locale,
      req,
      reply,
    };
    if ('produces' in def) return (await def.handler(ctx)) ?? reply;
    const result = await def.handler(ctx);
    // Parsing the result drops every field the contract does not name (hashes, internal flags).
    const data = def.response.parse(result);
    const message = def.okMessage?.(data);
    return message ? ok(data, req.locale, message.key, message.params) : ok(data, req.locale);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteInfo[];
    // The scope whose routes read multipart forms (the only one @fastify/multipart is registered in).
    uploads: FastifyInstance;
  }
}
