import { z } from 'zod';
import { getCall, postCall, rawCall } from '../endpoint.js';
import {
  SmsBatchPage,
  SmsBatchPushBody,
  SmsBatchPushResult,
  SmsBatchSchema,
  SmsGatewaySchema,
  SmsListQuery,
  SmsRecipientPage,
  SmsRecipientsQuery,
  SmsRejectedQuery,
  SmsTemplateOptionSchema,
  SmsTemplateQuery,
  SmsUploadResult,
} from '../schemas/sms.js';
import { IdParam } from '../wire.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// The calls of the SMS module (spec section 7: /admin/v1/message/sms/{list,add,template,batchPush}, plus the batch
// detail, the rejected rows and the gateway state the screen needs).
export const smsApi = {
  list: getCall('/admin/v1/message/sms/list', SmsListQuery, SmsBatchPage),
  // Multipart: field `file`, the .xlsx recipient list. Answers a draft batch.
  add: postCall('/admin/v1/message/sms/add', undefined, SmsUploadResult),
  template: rawCall('/admin/v1/message/sms/template', SmsTemplateQuery, XLSX_MIME),
  batchPush: postCall('/admin/v1/message/sms/batchPush', SmsBatchPushBody, SmsBatchPushResult),
  view: getCall('/admin/v1/message/sms/view', IdParam, SmsBatchSchema),
  recipients: getCall('/admin/v1/message/sms/recipients', SmsRecipientsQuery, SmsRecipientPage),
  rejected: rawCall('/admin/v1/message/sms/rejected', SmsRejectedQuery, XLSX_MIME),
  gateway: getCall('/admin/v1/message/sms/gateway', undefined, SmsGatewaySchema),
  templates: getCall('/admin/v1/message/sms/templates', undefined, z.array(SmsTemplateOptionSchema)),
};
