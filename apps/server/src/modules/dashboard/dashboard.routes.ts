import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '@study-crm/shared';
import { caller } from '../../http/context.js';
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
      '(follow:list), e-mails (email:list), text messages (sms:list), feedback (feedback:list). The caller’s own ' +
      'to-dos and tasks (with contribution points) are always there; the tasks are zeros for a member whose role ' +
      'requires two-factor sign-in that is not set up yet. Money in integer minor units per currency.',
    handler: ({ query, member }) => dashboard.dashboard(caller(member), query.days),
  });
}
