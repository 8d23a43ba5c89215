import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import {
  NoticeAddBody,
  NoticeCopyRecipientPage,
  NoticeCopyRecipientsQuery,
  NoticeListQuery,
  NoticePageSchema,
  NoticeRecipientQuery,
  NoticeRecipientSchema,
  NoticeUpdateBody,
  NoticeViewSchema,
} from '../schemas/notice.js';
import { IdParam, zEmpty } from '../wire.js';

// The calls of member notice administration (spec section 7, issue 17), plus the recipient picker's search and the
// e-mail copy's recipients (notice:add: both answer members' contacts).
export const noticeApi = {
  list: getCall('/admin/v1/notices/list', NoticeListQuery, NoticePageSchema),
  view: getCall('/admin/v1/notices/view', IdParam, NoticeViewSchema),
  add: postCall('/admin/v1/notices/add', NoticeAddBody, NoticeViewSchema),
  update: postCall('/admin/v1/notices/update', NoticeUpdateBody, NoticeViewSchema),
  delete: postCall('/admin/v1/notices/delete', IdParam, zEmpty),
  recipients: getCall('/admin/v1/notices/recipients', NoticeRecipientQuery, z.array(NoticeRecipientSchema)),
  // The recipients of a notice's e-mail copy, a page at a time (notice:add: they are members' addresses).
  copyRecipients: getCall('/admin/v1/notices/copyRecipients', NoticeCopyRecipientsQuery, NoticeCopyRecipientPage),
};
