import { getCall, rawCall } from '../endpoint.js';
import { XLSX_MIME } from './sms.js';
import { JobIdQuery, BackgroundJobSchema } from '../schemas/jobs.js';

// Background jobs (issue 39): progress, and the finished file for its owner.
export const jobsApi = {
  status: getCall('/api/v1/jobs/status', JobIdQuery, BackgroundJobSchema),
  download: rawCall('/api/v1/jobs/download', JobIdQuery, XLSX_MIME),
};
