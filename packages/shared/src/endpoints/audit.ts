import { getCall } from '../endpoint.js';
import { IdParam } from '../wire.js';
import {
  AuditActionsSchema,
  AuditEntryViewSchema,
  AuditListQuery,
  AuditPageSchema,
  TimelinePageSchema,
  TimelineQuery,
} from '../schemas/audit.js';

export const auditApi = {
  list: getCall('/admin/v1/sys/auditLogs', AuditListQuery, AuditPageSchema),
  view: getCall('/admin/v1/sys/auditLogs/view', IdParam, AuditEntryViewSchema),
  actions: getCall('/admin/v1/sys/auditLogs/actions', undefined, AuditActionsSchema),
  // One record's history (decision 180): the caller must be able to see the record; each kind needs its list's
  // permission.
  timeline: getCall('/admin/v1/sys/timeline', TimelineQuery, TimelinePageSchema),
};
