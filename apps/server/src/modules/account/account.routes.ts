import type { FastifyInstance } from 'fastify';
import { accountApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { AccountService } from './account.service.js';

export function registerAccountRoutes(app: FastifyInstance, account: AccountService): void {
  defineRoute(app, {
    ...accountApi.change,
    access: 'signedIn',
    audit: { action: 'account.changePassword', record: 'member', self: true },
    tags: ['member'],
    summary: "Changes the signed-in member's own password and ends their other sessions",
    handler: ({ member, body }) => account.changePassword(member!, body),
  });
}
