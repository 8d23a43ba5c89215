import {
  DICT_TYPES,
  PaymentListQuery,
  PERM,
  type Locale,
  type PaymentListInput,
  type PaymentListItem,
  type PaymentStatus,
  type PaymentType,
} from '@study-crm/shared';
import { dictPages, type DictListDeps } from '../dict/index.js';
import { column, tr as h, type DictRow, type Exporter } from '../export/index.js';
import type { PaymentService } from './payment.service.js';

// The list's own wording of its status and type (pages/payment/strings).
export const STATUS: Record<PaymentStatus, Record<Locale, string>> = {
  pending: h('待確認', '待确认', 'Pending confirmation'),
  confirmed: h('已確認', '已确认', 'Confirmed'),
  voided: h('已作廢', '已作废', 'Voided'),
};
export const TYPE: Record<PaymentType, Record<Locale, string>> = {
  collection: h('收款', '收款', 'Collection'),
  refund: h('退款', '退款', 'Refund'),
};

// The payment records list's export (issue 39): its own list call (filters, sort), for holders of its permission.
// The amount is money in its currency, negative for a refund (as the list shows it; a sum is the net amount).
export function paymentExporter(
  deps: DictListDeps<'payments', PaymentService>,
): Exporter<PaymentListInput, DictRow<PaymentListItem>> {
  return {
    list: 'payment',
    perm: PERM.paymentList,
    sheet: h('付款記錄', '付款记录', 'Payment records'),
    query: PaymentListQuery,
    page: dictPages(deps.dict, DICT_TYPES.transferMethod, deps.payments.list, (r) => r.transferMethod || null),
    columns: [
      column.day('transactionDate', h('付款時間', '付款时间', 'Payment date')),
      column.plain('title', h('標題', '标题', 'Title'), 30),
      column.named('type', h('類型', '类型', 'Type'), 10, TYPE),
      column.of(
        'amount',
        h('金額', '金额', 'Amount'),
        (r) => ({ minor: r.type === 'refund' ? -r.amountMinor : r.amountMinor, currency: r.currency }),
        16,
      ),
      column.plain('currency', h('幣別', '币种', 'Currency'), 8),
      column.of('status', h('狀態', '状态', 'Status'), (r, l) => STATUS[r.status][l]),
      column.dict('transferMethod', h('轉帳方式', '转账方式', 'Transfer method')),
      column.of('student', h('學生', '学生', 'Student'), (r) => r.studentName),
      column.of('signingTeacher', h('簽約老師', '签约老师', 'Signing teacher'), (r) => r.signingTeacher?.name ?? null),
      column.of('confirmedBy', h('確認人', '确认人', 'Confirmed by'), (r) => r.confirmedBy?.name ?? null),
      column.time('confirmedAt', h('確認時間', '确认时间', 'Confirmed at')),
      column.time('createdAt', h('建立時間', '创建时间', 'Created at')),
    ],
  };
}
