import { getCall, postCall, rawCall } from '../endpoint.js';
import {
  PaymentConfirmSchema,
  PaymentCountQuery,
  PaymentCreateSchema,
  PaymentListQuery,
  PaymentPageSchema,
  PaymentTotalsSchema,
  PaymentUpdateSchema,
  PaymentUserCountQuery,
  PaymentUserIdParam,
  PaymentUserListQuery,
  PaymentViewSchema,
  PaymentVoidSchema,
  TrackListQuery,
  TrackPageSchema,
  TrackSchema,
} from '../schemas/payment.js';
import { IdParam } from '../wire.js';

// The calls of the payment module (spec section 7, issue 16).
export const paymentApi = {
  list: getCall('/api/v1/mc/paymentRecord/list', PaymentListQuery, PaymentPageSchema),
  view: getCall('/api/v1/mc/paymentRecord/view', IdParam, PaymentViewSchema),
  create: postCall('/api/v1/mc/paymentRecord/create', PaymentCreateSchema, PaymentViewSchema),
  update: postCall('/api/v1/mc/paymentRecord/update', PaymentUpdateSchema, PaymentViewSchema),
  confirm: postCall('/api/v1/mc/paymentRecord/confirm', PaymentConfirmSchema, PaymentViewSchema),
  void: postCall('/api/v1/mc/paymentRecord/void', PaymentVoidSchema, PaymentViewSchema),
  countAmount: getCall('/api/v1/mc/paymentRecord/countAmount', PaymentCountQuery, PaymentTotalsSchema),
  downloadFile: rawCall('/api/v1/mc/paymentRecord/downloadFile', IdParam, 'application/octet-stream'),
  // The userTransactions screen (payment:userList): the same reads, narrowed to one application.
  userList: getCall('/api/v1/mc/paymentRecord/userList', PaymentUserListQuery, PaymentPageSchema),
  userCountAmount: getCall('/api/v1/mc/paymentRecord/userCountAmount', PaymentUserCountQuery, PaymentTotalsSchema),
  userView: getCall('/api/v1/mc/paymentRecord/userView', PaymentUserIdParam, PaymentViewSchema),
  userDownloadFile: rawCall(
    '/api/v1/mc/paymentRecord/userDownloadFile',
    PaymentUserIdParam,
    'application/octet-stream',
  ),
};

// The payment operation log (spec section 7: /api/v1/cake/tracks).
export const trackApi = {
  list: getCall('/api/v1/cake/tracks', TrackListQuery, TrackPageSchema),
  view: getCall('/api/v1/cake/tracks/view', IdParam, TrackSchema),
};
