import {
  currencyDigits,
  minorToDecimal,
  type Attachment,
  type PaymentListItem,
  type PaymentView,
  type PersonRef,
  type Track,
  type TrackChange,
} from '@study-crm/shared';
import type { PaymentFileRow, PaymentRow, TrackRow } from './payment.repository.js';
import { personRef } from '../people/index.js';

export const DOWNLOAD_PATH = '/api/v1/mc/paymentRecord/downloadFile';

export const digitsOf = (currency: string) => currencyDigits(currency) ?? 2;

// The one place payment rows become responses; names come from the people module.
export function toPaymentItem(r: PaymentRow, names: Map<number, PersonRef>): PaymentListItem {
  const digits = digitsOf(r.currency);
  return {
    id: r.id,
    applicationId: r.applicationId,
    title: r.title,
    type: r.type,
    status: r.status,
    transactionDate: r.transactionDate,
    amountMinor: r.amountMinor,
    amount: minorToDecimal(r.amountMinor, digits),
    currency: r.currency,
    digits,
    transferMethod: r.transferMethod,
    studentName: r.studentName,
    student: personRef(names, r.studentId),
    signingTeacher: personRef(names, r.signingTeacherId),
    confirmedBy: personRef(names, r.confirmedBy),
    confirmedAt: r.confirmedAt,
    createdAt: r.createdAt,
    version: r.version,
  };
}

export function toAttachment(f: PaymentFileRow): Attachment {
  return {
    id: f.id,
    kind: f.kind,
    name: f.storedName,
    originalName: f.originalName,
    extension: f.extension,
    mime: f.mime,
    size: f.size,
    displayPath: `${DOWNLOAD_PATH}?id=${f.id}`,
  };
}

export function toPaymentView(r: PaymentRow, files: PaymentFileRow[], names: Map<number, PersonRef>): PaymentView {
  const of = (kind: PaymentFileRow['kind']) => files.filter((f) => f.kind === kind).map(toAttachment);
  return Object.assign(toPaymentItem(r, names), {
    description: r.description,
    voidReason: r.voidReason,
    voidedBy: personRef(names, r.voidedBy),
    voidedAt: r.voidedAt,
    createdBy: personRef(names, r.createdBy),
    updatedAt: r.updatedAt,
    contractFiles: of('contract'),
    paymentScreenshots: of('screenshot'),
    receipt: of('receipt'),
  });
}

export function toTrack(t: TrackRow, names: Map<number, PersonRef>, titles: Map<number, string>): Track {
  let changes: TrackChange[] = [];
  try {
    changes = JSON.parse(t.changes) as TrackChange[];
  } catch {
    changes = [];
  }
  return {
    id: t.id,
    paymentId: t.paymentId,
    paymentTitle: titles.get(t.paymentId) ?? null,
    operator: t.operatorId ? (names.get(t.operatorId) ?? null) : null,
    operation: t.operation as Track['operation'],
    changes,
    createdAt: t.createdAt,
  };
}
