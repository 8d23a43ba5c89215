import type { FastifyInstance } from 'fastify';
import { captchaApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { CaptchaService } from './captcha.service.js';

export function registerCaptchaRoutes(app: FastifyInstance, captcha: CaptchaService): void {
  for (const endpoint of [captchaApi.getCode, captchaApi.genValidateCode]) {
    defineRoute(app, {
      ...endpoint,
      access: 'public',
      tags: ['auth'],
      summary: 'Captcha image (PNG) for a client-generated key; single use, expires after a few minutes',
      handler: async ({ query, reply, req }) => {
        const png = await captcha.issue(query.key, req.ip);
        void reply.header('content-type', 'image/png').header('cache-control', 'no-store');
        return png;
      },
    });
  }
}
