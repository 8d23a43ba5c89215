import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import { BackgroundJobSchema } from '../schemas/jobs.js';
import { NoticeRecipientQuery, NoticeRecipientSchema } from '../schemas/notice.js';
import {
  DataExportBody,
  DataRequestAddBody,
  DataRequestListQuery,
  DataRequestPage,
  DataRequestSchema,
} from '../schemas/privacy.js';
import { IdParam } from '../wire.js';

// UK GDPR (issue 41): data requests and the subject access export (docs/data-protection.md).
export const privacyApi = {
  list: getCall('/admin/v1/privacy/request/list', DataRequestListQuery, DataRequestPage),
  // Members of any kind and status found by name, e-mail or mobile: the person a request is about.
  subjects: getCall('/admin/v1/privacy/subjects', NoticeRecipientQuery, z.array(NoticeRecipientSchema)),
  add: postCall('/admin/v1/privacy/request/add', DataRequestAddBody, DataRequestSchema),
  complete: postCall('/admin/v1/privacy/request/complete', IdParam, DataRequestSchema),
  // The export is a background job: its progress and archive through jobsApi.status and jobsApi.download.
  exportData: postCall('/admin/v1/privacy/export/add', DataExportBody, BackgroundJobSchema),
};
