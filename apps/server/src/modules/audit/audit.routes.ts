import type { FastifyInstance } from 'fastify';
import { auditApi, PERM, type AuditActions } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { AuditService } from './audit.service.js';
import type { TimelineService } from './timeline.service.js';

const tags = ['audit'];

export function registerAuditRoutes(app: FastifyInstance, service: AuditService, timeline: TimelineService): void {
  defineRoute(app, {
    ...auditApi.timeline,
    access: 'signedIn',
    tags,
    summary: "One record's history: its changes, follow-ups, e-mails and SMS, files and payments, newest first",
    description:
      'Refused (403) unless the caller holds the permission of the screen showing the record (application: ' +
      `${PERM.applicationView}; paymentRecord: ${PERM.paymentList}; member: ${PERM.memberList} or ${PERM.userList}; ` +
      `role: ${PERM.roleList}; messageTemplate: ${PERM.templateList}); 404 for no such record. Each kind of event ` +
      `needs its list's permission: change ${PERM.auditList}, followUp ${PERM.followList}, file ${PERM.fileList}, ` +
      `payment ${PERM.paymentList}, email ${PERM.emailList}, sms ${PERM.smsList}. Keyset paged: pass \`next\` as ` +
      '`cursor` for the older events.',
    handler: ({ query, member }) => timeline.timeline(member!.perms, query),
  });
  defineRoute(app, {
    ...auditApi.list,
    access: PERM.auditList,
    tags,
    summary: 'The operation log, paged, by time; filter member, module and action, record, date range and outcome',
    handler: ({ query }) => service.list(query),
  });
  defineRoute(app, {
    ...auditApi.view,
    access: PERM.auditList,
    tags,
    summary: 'One audit entry with its changed fields (secrets only as changed)',
    handler: ({ query }) => service.view(query.id),
  });
  defineRoute(app, {
    ...auditApi.actions,
    access: PERM.auditList,
    tags,
    summary: 'The modules and actions the routes declare (the filter choices)',
    handler: () => service.actions(),
  });
}

// The modules and actions declared in the route table, plus the refusals the request hooks record.
export function declaredActions(app: FastifyInstance): AuditActions {
  const byModule = new Map<string, Set<string>>([['access', new Set(['refused'])]]);
  for (const r of app.routeTable) {
    if (!r.audit) continue;
    const [module = '', ...rest] = r.audit.action.split('.');
    const set = byModule.get(module) ?? new Set<string>();
    set.add(rest.join('.'));
    byModule.set(module, set);
  }
  return [...byModule]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, actions]) => ({
      module,
      actions: [...actions].sort(),
    }));
}
