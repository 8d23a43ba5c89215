import {
  PERM,
  TrackListQuery,
  type Locale,
  type Track,
  type TrackChange,
  type TrackListInput,
  type TrackOperation,
} from '@study-crm/shared';
import { column, listPages, tr as h, type Exporter } from '../export/index.js';
import { STATUS, TYPE } from './payment.export.js';
import type { PaymentService } from './payment.service.js';

// The screen's wording of an operation and of the logged fields (pages/payment/strings: payment.op, payment.f).
const OPERATION: Record<TrackOperation, Record<Locale, string>> = {
  create: h('新增', '新增', 'Create'),
  update: h('修改', '修改', 'Update'),
  confirm: h('確認', '确认', 'Confirm'),
  void: h('作廢', '作废', 'Void'),
  attach: h('新增附件', '新增附件', 'Attach'),
  removeAttachment: h('移除附件', '移除附件', 'Remove attachment'),
};
const FIELD: Record<string, Record<Locale, string>> = {
  title: h('標題', '标题', 'Title'),
  type: h('類型', '类型', 'Type'),
  transactionDate: h('付款時間', '付款时间', 'Payment date'),
  amount: h('金額', '金额', 'Amount'),
  currency: h('幣別', '币种', 'Currency'),
  transferMethod: h('轉帳方式', '转账方式', 'Transfer method'),
  description: h('說明', '说明', 'Description'),
  signingTeacherId: h('簽約老師', '签约老师', 'Signing teacher'),
  status: h('狀態', '状态', 'Status'),
  voidReason: h('作廢原因', '作废原因', 'Void reason'),
  contractFiles: h('合約檔案', '合同文件', 'Contract files'),
  paymentScreenshots: h('付款截圖', '付款截图', 'Payment screenshots'),
  receipt: h('收據', '收据', 'Receipt'),
};

// The status and type values a change names, as the payment list words them.
const VALUE: Record<string, Record<string, Record<Locale, string>>> = { status: STATUS, type: TYPE };
const valueText = (field: string, v: string | null, l: Locale) => (v === null ? '—' : (VALUE[field]?.[v]?.[l] ?? v));

// One change as the entry's detail shows it: "Field: before → after" ("—" for no value).
const changeText = (c: TrackChange, l: Locale) =>
  `${FIELD[c.field]?.[l] ?? c.field}: ${valueText(c.field, c.before, l)} → ${valueText(c.field, c.after, l)}`;

// The payment operation log's export (issue 39): the list's own call (record, operator, operation, dates), for
// holders of its permission; each entry's changes in one cell, one line each.
export function trackExporter(payments: Pick<PaymentService, 'tracks'>): Exporter<TrackListInput, Track> {
  return {
    list: 'track',
    perm: PERM.trackList,
    sheet: h('付款操作日誌', '付款操作日志', 'Payment operation log'),
    query: TrackListQuery,
    page: listPages(payments.tracks),
    columns: [
      column.time('createdAt', h('操作時間', '操作时间', 'Time'), 20),
      column.of('operator', h('操作人', '操作人', 'Operator'), (r) => r.operator?.name ?? '', 18),
      column.of('operation', h('操作類型', '操作类型', 'Operation'), (r, l) => OPERATION[r.operation][l]),
      column.plain('paymentId', h('付款記錄編號', '付款记录编号', 'Payment record id')),
      column.plain('paymentTitle', h('付款記錄', '付款记录', 'Payment record'), 30),
      column.of(
        'changes',
        h('變更內容', '变更内容', 'Changes'),
        (r, l) => r.changes.map((c) => changeText(c, l)).join('\n'),
        60,
      ),
    ],
  };
}
