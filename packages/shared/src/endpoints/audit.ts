import { getCall } from '../endpoint.js';
import { IdParam } from '../wire.js';
import { AuditActionsSchema, AuditEntryViewSchema, AuditListQuery, AuditPageSchema } from '../schemas/audit.js';

export const auditApi = {
  list: getCall('/admin/v1/sys/auditLogs', AuditListQuery, AuditPageSchema),
  view: getCall('/admin/v1/sys/auditLogs/view', IdParam, AuditEntryViewSchema),
  actions: getCall('/admin/v1/sys/auditLogs/actions', undefined, AuditActionsSchema),
};
