import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN, ADMIN_PASSWORD, APP_ID, multipart } from '../test/harness.js';
import { useTestApp } from '../test/signed-in.js';
import { engineFree } from '../test/engine.js';

type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';
// Fields required only together with another value, which OpenAPI 3.0's `required` cannot say (each route's
// description or the field's says when): a city or a location; the new address when the code is for binding.
const CONDITIONAL = new Set([
  'post /api/v1/member/updateMyLocation: city',
  'post /api/v1/member/email/sms/request: email',
  'post /api/v1/member/mobile/sms/request: areaCode',
]);
// Calls that end the session or change who the administrator is.
const SKIP = new Set(['post /api/v1/member/logout', 'post /api/v1/member/role/switch']);

// The least value a schema accepts, as a form field carries it; good enough to get past "missing" (a value that
// needs domain knowledge may still be refused, for another reason).
function minimal(schema: Schema | undefined, doc: Document): string {
  if (!schema) return '1';
  if (schema.$ref) return minimal(doc.components?.schemas?.[schema.$ref.split('/').pop()!], doc);
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (branch) return minimal(branch, doc);
  if (schema.enum?.length) return String(schema.enum[0]);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return String(Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1)));
    case 'boolean':
      return 'true';
    case 'array':
      return minimal(schema.items, doc);
    case 'string':
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'date') return '2026-01-01';
      return 'Aa1#'.padEnd(Math.max(schema.minLength ?? 1, 8), 'x');
    default:
      return '1';
  }
}

describe('the OpenAPI document', () => {
  const t = useTestApp({ signIn: true });
  let doc: Document;
  let served: unknown;

  beforeAll(async () => {
    served = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    doc = structuredClone(served) as Document;
  });

  engineFree.it(
    'is a valid OpenAPI document: every $ref resolves (the recursive menu tree is a named component)',
    async () => {
      await expect(SwaggerParser.validate(structuredClone(served) as never)).resolves.toBeTruthy();
      expect(doc.components?.schemas?.MenuItem).toBeDefined();
    },
  );

  engineFree.it('generates TypeScript types with openapi-typescript', async () => {
    const ts = astToString(await openapiTS(structuredClone(served) as never));
    expect(ts).toContain('"/api/v1/mc/sys/permission/list"');
    expect(ts).toContain('MenuItem: {');
    // A field with a default is optional for the caller.
    expect(ts).toMatch(/attachments\?: /);
  });

  engineFree.it('lists fields with a default (lists read as empty when absent) as optional', () => {
    const body = (path: string) => doc.paths[path]!.post!.requestBody!.content![FORM]!.schema!;
    const email = body('/admin/v1/message/email/add');
    expect(email.required).toEqual(expect.arrayContaining(['senderId', 'recipients', 'subject']));
    expect(email.required).not.toContain('attachments');
    expect(email.required).not.toContain('attachmentNames');
    const application = body('/api/v1/mc/applicationRecord/create');
    for (const f of ['educations', 'jobs', 'languageScores', 'referrers', 'targetSchools'])
      expect(application.required).not.toContain(f);
  });

  // For every call: only the fields the document requires, each with a plausible value. The server may refuse for
  // reasons of its own, but never because a field the document calls optional is missing.
  it('never refuses a call holding its required fields for a missing field the document calls optional', async () => {
    let token = t.admin.token;
    const wronglyRequired: string[] = [];
    let calls = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (SKIP.has(`${method} ${path}`)) continue;
        const required = new Set<string>();
        const values = new URLSearchParams({ appId: APP_ID, mcId: 'COM' });
        for (const p of op.parameters ?? []) {
          if (p.in !== 'query' || !p.required) continue;
          required.add(p.name);
          values.append(p.name, minimal(p.schema, doc));
        }
        const upload = op.requestBody?.content?.[MULTIPART]?.schema;
        const form = upload ?? op.requestBody?.content?.[FORM]?.schema;
        const fields: Record<string, string> = {};
        for (const name of form?.required ?? []) {
          required.add(name);
          if (name !== 'file' || !upload) fields[name] = minimal(form?.properties?.[name], doc);
        }
        const file = upload && required.has('file') ? { name: 'a.txt', content: Buffer.from('text') } : undefined;
        const body = upload ? multipart(fields, file) : undefined;
        if (!upload) for (const [k, v] of Object.entries(fields)) values.append(k, v);
        const send = () =>
          t.app.inject({
            method: method.toUpperCase() as 'GET' | 'POST',
            url: method === 'get' || upload ? `${path}?${values.toString()}` : path,
            headers: { ...t.headers({ token, locale: 'en-US' }), 'content-type': body?.contentType ?? FORM },
            ...(method === 'get' ? {} : { payload: body?.payload ?? values.toString() }),
          });
        const metaOf = (r: Awaited<ReturnType<typeof send>>) =>
          String(r.headers['content-type']).includes('application/json')
            ? r.json<{ meta?: { code: number; message: string } }>().meta
            : undefined;
        let meta = metaOf(await send());
        // A call before this one ended the session (a password changed, a two-factor step): sign in again.
        if (meta?.code === 401) {
          token = (await t.login(ADMIN_LOGIN, ADMIN_PASSWORD)).token;
          meta = metaOf(await send());
        }
        calls += 1;
        if (meta?.code !== 400) continue;
        const missing = /^Parameter error \[400\]: (\S+) is required$/.exec(meta.message)?.[1];
        const refusal = `${method} ${path}: ${missing}`;
        if (missing && !required.has(missing.split('.')[0]!) && !CONDITIONAL.has(refusal))
          wronglyRequired.push(refusal);
      }
    }
    expect(calls).toBeGreaterThan(150);
    expect(wronglyRequired).toEqual([]);
  });
});
