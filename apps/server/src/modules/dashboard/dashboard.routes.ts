import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { DashboardService } from './dashboard.service.js';

const tags = ['dashboard'];

export function registerDashboardRoutes(app: FastifyInstance, dashboard: DashboardService): void {
  defineRoute(app, {
    ...dashboardApi.dashboard,
    access: 'signedIn',
    tags,
    summary: 'The home dashboard: figures of the past `days` days (default and most 30), per permission',
    description:
      'Open to every signed-in member (the home page is); each section is null unless the caller holds the ' +
      'permission of the list behind it: applications (application:list), payments (payment:list), follow-ups ' +
      "(follow:list), e-mails (email:list). The caller's own to-dos are always there. Money in integer minor units " +
      'per currency.',
    handler: ({ query, member }) => dashboard.dashboard(member!.id, member!.perms, query.days),
  });
}
