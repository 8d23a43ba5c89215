import { getCall, postCall, rawCall } from '../endpoint.js';
import { XLSX_MIME } from './sms.js';
import { BackgroundJobSchema, ExportQuery, ExportStartSchema, JobIdQuery } from '../schemas/jobs.js';

// Background jobs (issue 39): progress, and the finished file for its owner.
export const jobsApi = {
  status: getCall('/api/v1/jobs/status', JobIdQuery, BackgroundJobSchema),
  download: rawCall('/api/v1/jobs/download', JobIdQuery, XLSX_MIME),
};

// Export of any list screen (issue 39, docs/export.md).
export const exportApi = {
  start: postCall('/api/v1/export/start', ExportQuery, ExportStartSchema),
  file: rawCall('/api/v1/export/file', ExportQuery, XLSX_MIME),
};
