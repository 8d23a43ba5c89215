import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PasswordChangeBody } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { AccountService } from './account.service.js';

export function registerAccountRoutes(app: FastifyInstance, account: AccountService): void {
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/member/password/change',
    access: 'signedIn',
    tags: ['member'],
    summary: "Changes the signed-in member's own password and ends their other sessions",
    body: PasswordChangeBody,
    response: z.null(),
    handler: ({ member, body }) => account.changePassword(member!, body),
  });
}
