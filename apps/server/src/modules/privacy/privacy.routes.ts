import type { FastifyInstance } from 'fastify';
import { PERM, privacyApi } from '@study-crm/shared';
import { caller } from '../../http/context.js';
import { defineRoute } from '../../http/route.js';
import type { PrivacyService } from './privacy.service.js';

const tags = ['privacy'];

export function registerPrivacyRoutes(app: FastifyInstance, service: PrivacyService): void {
  defineRoute(app, {
    ...privacyApi.list,
    access: PERM.privacyList,
    tags,
    summary: 'Data requests (UK GDPR), paged; by default the soonest due first',
    handler: ({ query }) => service.list(query),
  });
  defineRoute(app, {
    ...privacyApi.subjects,
    access: PERM.privacyAdd,
    tags,
    summary: 'Members of any kind and status by part of a name, e-mail or mobile (the person a request is about)',
    handler: ({ query }) => service.subjects(query.keyword),
  });
  defineRoute(app, {
    ...privacyApi.add,
    access: PERM.privacyAdd,
    audit: { action: 'privacy.addRequest', record: 'privacyRequest' },
    tags,
    summary:
      'Record a request to see or erase personal data; due one calendar month after receipt (7953: one open per kind)',
    handler: ({ body, member }) => service.add(caller(member).id, body),
  });
  defineRoute(app, {
    ...privacyApi.complete,
    access: PERM.privacyUpdate,
    audit: { action: 'privacy.completeRequest', record: 'privacyRequest' },
    tags,
    summary: 'Mark a data request answered (its reminder to-do goes)',
    handler: ({ body, member }) => service.complete(caller(member).id, body.id),
  });
  defineRoute(app, {
    ...privacyApi.exportData,
    access: PERM.privacyExport,
    audit: { action: 'privacy.export', record: 'job' },
    tags,
    summary:
      "Start the subject access export of a member's data, a background job (/api/v1/jobs/status and download, only " +
      "its requester, seven days); the link arrives in the caller's message box. 7954 for a staff member holding a " +
      'permission the caller lacks',
    handler: ({ body, member, locale }) => service.exportData(member!, locale, body),
  });
}
