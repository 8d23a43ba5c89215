import type { FastifyInstance } from 'fastify';
import { formatMessage } from '@study-crm/shared';
import type { DbHandle } from '../../db/database.js';
import { coalesce } from '../../lib/coalesce.js';

// Outside the signed API contract: load balancers call it without appId or sign.
export function registerHealthRoutes(app: FastifyInstance, handle: DbHandle): void {
  // Checks that overlap share one probe, each answered by a probe begun after it arrived (lib/coalesce.ts): a load
  // balancer's checks from many places cost the database one statement at a time, not one each (issue 43).
  const probe = coalesce(handle.ping);
  app.get('/health', { schema: { hide: true } }, async (req, reply) => {
    try {
      await probe();
      return {
        meta: { code: 200, message: formatMessage('ok', req.locale) },
        data: { status: 'ok', database: handle.dialect },
      };
    } catch (err) {
      req.log.error({ err }, 'health check failed');
      return reply.code(503).send({
        meta: { code: 500, message: formatMessage('internalError', req.locale) },
        data: { status: 'down', database: handle.dialect },
      });
    }
  });
}
