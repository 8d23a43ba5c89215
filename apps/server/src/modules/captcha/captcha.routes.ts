import type { FastifyInstance } from 'fastify';
import { CaptchaQuery } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { CaptchaService } from './captcha.service.js';

export function registerCaptchaRoutes(app: FastifyInstance, captcha: CaptchaService): void {
  for (const url of ['/api/v1/sys/code/getCode', '/api/v1/sys/code/genValidateCode']) {
    defineRoute(app, {
      method: 'GET',
      url,
      access: 'public',
      tags: ['auth'],
      summary: 'Captcha image (PNG) for a client-generated key; single use, expires after a few minutes',
      query: CaptchaQuery,
      response: 'raw',
      produces: 'image/png',
      handler: async ({ query, reply, req }) => {
        const png = await captcha.issue(query.key, req.ip);
        void reply.header('content-type', 'image/png').header('cache-control', 'no-store').send(png);
      },
    });
  }
}
