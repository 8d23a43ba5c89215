import type { FastifyInstance } from 'fastify';
import { PERM, visaApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { VisaService } from './visa.service.js';

const tags = ['application'];

// The Student visa checklist on an application and the applications list's "this week" (issue 40).
export function registerVisaRoutes(app: FastifyInstance, visa: VisaService): void {
  defineRoute(app, {
    ...visaApi.checklist,
    access: PERM.applicationView,
    tags,
    summary: 'The application’s Student visa checklist: one step per enabled stage, and its language-test checks',
    handler: ({ query }) => visa.checklist(query.id),
  });
  defineRoute(app, {
    ...visaApi.saveStep,
    access: PERM.applicationUpdate,
    audit: { action: 'application.saveVisaStep', record: 'applicationVisaStep' },
    tags,
    summary: 'Save one checklist step (version 0 for a step never saved; stale → 409)',
    description:
      'Checked on save, 400 naming the field: casNumber (14 capital letters or digits), fundsFrom (28 consecutive ' +
      'days), fundsTo / date (funds ending within 31 days before the visa application), date (visa applied within ' +
      'six months of the CAS issue).',
    handler: ({ body }) => visa.saveStep(body),
  });
  defineRoute(app, {
    ...visaApi.thisWeek,
    access: PERM.applicationList,
    tags,
    summary: 'Everything due in the next 7 days (deadlines, expiries, checklist steps), soonest and riskiest first',
    handler: ({ query }) => visa.thisWeek(query),
  });
}
