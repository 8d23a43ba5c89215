import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SIGN_HEADER, TOKEN_HEADER } from '@study-crm/shared';

// OpenAPI generated from the routes' zod schemas: JSON at /api/openapi.json, a browser at /api/docs.
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
    transform: jsonSchemaTransform,
  });
  if (!published) return;
  // Swagger UI sends its own policy (hashes of its inline code) instead of the portal's.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
