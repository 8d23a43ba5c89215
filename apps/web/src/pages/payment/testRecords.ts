import type { PaymentListItem } from '@study-crm/shared';

// A pending GBP 100.00 collection as the payment list shows it, for the payment screens' tests.
export const paymentRow = (id: number, title: string, version: number): PaymentListItem => ({
  id,
  applicationId: 1,
  title,
  type: 'collection',
  status: 'pending',
  transactionDate: '2026-11-20',
  amountMinor: 10000,
  amount: '100.00',
  currency: 'GBP',
  digits: 2,
  transferMethod: null,
  studentName: 'Student',
  student: null,
  signingTeacher: null,
  confirmedBy: null,
  confirmedAt: null,
  createdAt: 0,
  version,
});
