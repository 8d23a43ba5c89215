import { z } from 'zod';
import { getCall, postCall, rawCall } from '../endpoint.js';
import { NoticeRecipientQuery, NoticeRecipientSchema } from '../schemas/notice.js';
import {
  DataExportBody,
  DataExportSchema,
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
  exportData: postCall('/admin/v1/privacy/export/add', DataExportBody, DataExportSchema),
  exportView: getCall('/admin/v1/privacy/export/view', IdParam, DataExportSchema),
  download: rawCall('/admin/v1/privacy/export/download', IdParam, 'application/zip'),
};
