import type { FastifyInstance } from 'fastify';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGN_HEADER, TOKEN_HEADER } from '@study-crm/shared';

type OverrideContext = { zodSchema: z.core.$ZodType; jsonSchema: z.core.JSONSchema.BaseSchema };

// Whether the server accepts a call without this field: it is optional, nullish, has a default, or is read by a
// preprocess that turns "absent" into a value (an empty list). zod's own `required` list misses both ways around a
// preprocess (a list with a default listed, a number after a preprocess and a pipe not); asking the schema itself
// is right for every shape.
function acceptsAbsent(field: z.core.$ZodType): boolean {
  try {
    return z.safeParse(field, undefined).success;
  } catch {
    // An async refinement cannot answer here: keep the field required.
    return false;
  }
}

// The request side of the document (zod's input schemas). What fastify-type-provider-zod does by default for the
// OpenAPI 3.0 target (its override replaces the library's, which it does not export): empty union branches dropped,
// a `null` branch folded into `nullable`. Then: an object lists as required exactly the fields the server refuses to
// go without.
function inputOverride({ zodSchema, jsonSchema }: OverrideContext): void {
  const def = zodSchema._zod.def;
  if (def.type === 'union' && jsonSchema.anyOf) {
    const anyOf = jsonSchema.anyOf.filter((s) => Object.keys(s).length > 0);
    jsonSchema.anyOf = anyOf;
    const isNull = (s: z.core.JSONSchema.BaseSchema) =>
      s.nullable === true && Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null;
    const others = anyOf.filter((s) => !isNull(s));
    if (others.length < anyOf.length && others.length === 1) {
      delete jsonSchema.anyOf;
      Object.assign(jsonSchema, others[0], { nullable: true });
    } else if (others.length < anyOf.length && others.length > 1) {
      jsonSchema.anyOf = others;
      jsonSchema.nullable = true;
    }
  }
  if (def.type === 'object') {
    const shape = (def as z.core.$ZodObjectDef).shape;
    const required = Object.keys(shape).filter((key) => !acceptsAbsent(shape[key]!));
    if (required.length) jsonSchema.required = required;
    else delete jsonSchema.required;
  }
}

const inputTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: inputOverride } });

// Requests through inputTransform, responses through the library's own (a response field with a default is always
// there, so it stays required).
const transform: SwaggerTransform = (route) => {
  const { schema, url } = route;
  if (!schema) return { schema, url };
  // An upload (defineRoute's `multipart`): its fields and the file, documented as the multipart body.
  const { multipart, ...rest } = schema as typeof schema & { multipart?: z.ZodObject };
  const body = multipart ? multipart.extend({ file: z.string().describe('the file') }) : rest.body;
  const input = inputTransform({ ...route, schema: { ...rest, body, response: undefined } } as typeof route);
  const fileField = (input.schema as { body?: { properties?: Record<string, object> } } | undefined)?.body?.properties;
  if (multipart && fileField) fileField.file = { type: 'string', format: 'binary', description: 'the file' };
  const output = jsonSchemaTransform({
    ...route,
    schema: { ...schema, body: undefined, querystring: undefined, params: undefined, headers: undefined },
  } as typeof route);
  return { schema: { ...input.schema, response: output.schema?.response }, url };
};

// OpenAPI generated from the routes' zod schemas: JSON at /api/openapi.json, a browser at /api/docs.
// A recursive schema (the menu tree) is a named component (`.meta({ id })` in the shared package), which
// jsonSchemaTransformObject writes under components.schemas; its `$ref`s would otherwise point nowhere.
// `published` false (API_DOCS=off, the production default): the document is still built, but not served.
export async function registerOpenApi(app: FastifyInstance, published = true): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Study CRM Admin API',
        version: '1.0.0',
        description:
          'Every call carries appId, mcId, memberId (query for GET, form body for POST) and the `sign` header; ' +
          'signed-in calls carry the session token in the `x-token` header. Every response is {meta:{code,message},data} ' +
          'with HTTP 200; meta.message follows Accept-Language (zh-TW default, en-US fallback).',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER },
          sign: { type: 'apiKey', in: 'header', name: SIGN_HEADER },
        },
      },
      security: [{ token: [], sign: [] }],
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  if (!published) return;
  // Swagger UI sends its own policy (hashes of its inline code) instead of the portal's.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
