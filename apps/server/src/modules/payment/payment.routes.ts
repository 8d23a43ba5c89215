import type { FastifyInstance } from 'fastify';
import { paymentApi, PERM, trackApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import { storedFileBody } from '../files/index.js';
import type { PaymentService } from './payment.service.js';

const tags = ['payment'];

export function registerPaymentRoutes(app: FastifyInstance, payments: PaymentService): void {
  defineRoute(app, {
    ...paymentApi.list,
    access: PERM.paymentList,
    tags,
    summary: 'Payment records, paged, filtered (type, status, currency, dates, teacher, student) and sorted in SQL',
    description:
      'Amounts are integer minor units (amountMinor) with an ISO 4217 currency, plus the decimal in the ' +
      "currency's own digits (amount). applicationId narrows the list to one application (userTransactions).",
    handler: ({ query }) => payments.list(query),
  });

  defineRoute(app, {
    ...paymentApi.countAmount,
    access: PERM.paymentList,
    tags,
    summary: 'Totals for the same filters as the list, per currency: total, pending confirmation, confirmed',
    description: 'Refunds are subtracted; voided records are left out; currencies are never added together.',
    handler: ({ query }) => payments.countAmount(query),
  });

  defineRoute(app, {
    ...paymentApi.view,
    access: PERM.paymentList,
    tags,
    summary: 'One payment record with its contract files, payment screenshots and receipt',
    handler: ({ query }) => payments.view(query.id),
  });

  defineRoute(app, {
    ...paymentApi.create,
    access: PERM.paymentAdd,
    audit: { action: 'payment.create', record: 'paymentRecord' },
    tags,
    summary: 'Add a payment record (pending confirmation); attachments are stored names from /api/v1/fms/upload',
    description:
      'Required: applicationId, title, type (collection | refund), transactionDate, amount (> 0, at most the ' +
      "currency's decimals), currency (ISO 4217). A refund is its own record with a positive amount.",
    handler: ({ body, member }) => payments.create(body, member!.id),
  });

  defineRoute(app, {
    ...paymentApi.update,
    access: PERM.paymentUpdate,
    audit: { action: 'payment.update', record: 'paymentRecord' },
    tags,
    summary: 'Edit a payment record; a confirmed record keeps its amount, currency, date and type (code 5451)',
    description: 'With the version read with the record, a record saved by someone else since is refused (409).',
    handler: ({ body, member }) => payments.update(body, member!.id),
  });

  defineRoute(app, {
    ...paymentApi.confirm,
    access: PERM.paymentConfirm,
    audit: { action: 'payment.confirm', record: 'paymentRecord' },
    tags,
    summary: 'Confirm a pending record; concurrent confirmations give one confirmation (others: code 5450)',
    description: 'With the version read with the record, a record changed since is refused (409).',
    handler: ({ body, member }) => payments.confirm(body, member!.id),
  });

  defineRoute(app, {
    ...paymentApi.void,
    access: PERM.paymentVoid,
    audit: { action: 'payment.void', record: 'paymentRecord' },
    tags,
    summary: 'Void a record with a reason (the correction of a confirmed record); voided records are final',
    handler: ({ body, member }) => payments.voidRecord(body, member!.id),
  });

  defineRoute(app, {
    ...paymentApi.downloadFile,
    access: PERM.paymentList,
    tags,
    summary: 'Download a payment attachment (authenticated; images inline)',
    handler: async ({ query, reply }) => {
      return storedFileBody(reply, await payments.openFile(query.id));
    },
  });

  // The userTransactions screen (gated by payment:userList) reads one application's records through its own calls,
  // so a member holding only that screen can use it without the full transactions list.
  defineRoute(app, {
    ...paymentApi.userList,
    access: PERM.paymentUserList,
    tags,
    summary: "One application's payment records (userTransactions), paged, filtered and sorted like list",
    handler: ({ query }) => payments.list(query),
  });

  defineRoute(app, {
    ...paymentApi.userCountAmount,
    access: PERM.paymentUserList,
    tags,
    summary: "Totals per currency of one application's records (userTransactions), filtered like userList",
    handler: ({ query }) => payments.countAmount(query),
  });

  defineRoute(app, {
    ...paymentApi.userView,
    access: PERM.paymentUserList,
    tags,
    summary: "One payment record of the application (userTransactions); another application's record is 404",
    handler: ({ query }) => payments.view(query.id, query.applicationId),
  });

  defineRoute(app, {
    ...paymentApi.userDownloadFile,
    access: PERM.paymentUserList,
    tags,
    summary: "Download an attachment of one of the application's records (userTransactions)",
    handler: async ({ query, reply }) => {
      return storedFileBody(reply, await payments.openFile(query.id, query.applicationId));
    },
  });

  defineRoute(app, {
    ...trackApi.list,
    access: PERM.trackList,
    tags: ['track'],
    summary: 'The payment operation log, newest first, filtered by record, operator, operation and date',
    handler: ({ query }) => payments.tracks(query),
  });

  defineRoute(app, {
    ...trackApi.view,
    access: PERM.trackList,
    tags: ['track'],
    summary: 'One log entry with what changed (field, before, after)',
    handler: ({ query }) => payments.track(query.id),
  });
}
