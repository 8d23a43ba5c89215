import { z } from 'zod';
import { pageOf, zEpochMs, zId, zOptText, zPaging, zText } from '../wire.js';
import { DICT_TYPES } from './dict.js';
import { zRowVersion } from './entry.js';
import { isIsoDate, PersonRefSchema } from './application.js';

// Payment records (issue 16): money as integer minor units with an ISO 4217 currency; the number of decimals
// comes from the currency (Intl: JPY 0, GBP 2, BHD 3). A refund is its own record with a positive amount.

export const PAYMENT_TYPES = ['collection', 'refund'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
// The statuses carry rules (only pending may be confirmed, confirmed locks the money fields, voided is final),
// so they are fixed here rather than taken from the payment_status dictionary.
export const PAYMENT_STATUSES = ['pending', 'confirmed', 'voided'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const ATTACHMENT_KINDS = ['contract', 'screenshot', 'receipt'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];
export const TRACK_OPERATIONS = ['create', 'update', 'confirm', 'void', 'attach', 'removeAttachment'] as const;
export type TrackOperation = (typeof TRACK_OPERATIONS)[number];
// The largest amount in minor units (fits a JavaScript number exactly and every bigint column).
export const AMOUNT_MINOR_MAX = 1_000_000_000_000;
export const ATTACHMENTS_MAX = 10;

// ---------- money ----------

// The currency's decimals as Intl knows them; undefined when the code is not a currency Intl knows. Asked once per
// code (a payment list asks for every row): Intl's list of currencies and a number format are made on each asking.
const DIGITS = new Map<string, number | undefined>();
export function currencyDigits(currency: string): number | undefined {
  if (!/^[A-Z]{3}$/.test(currency)) return undefined;
  if (DIGITS.has(currency)) return DIGITS.get(currency);
  const digits = intlDigits(currency);
  DIGITS.set(currency, digits);
  return digits;
}
function intlDigits(currency: string): number | undefined {
  const known = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('currency');
  if (known && !known.includes(currency)) return undefined;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  } catch {
    return undefined;
  }
}

// "1,234.5" → 123450 for GBP; undefined when not a positive amount with at most the currency's decimals. A comma
// only groups thousands ("1,234.50"); any other ("12,50" or "0,500", a decimal comma) is refused, never dropped.
export function decimalToMinor(text: string, digits: number): number | undefined {
  const trimmed = text.trim();
  if (trimmed.includes(',') && !/^[1-9]\d{0,2}(?:,\d{3})+(?:\.\d*)?$/.test(trimmed)) return undefined;
  const t = trimmed.replace(/,/g, '');
  const m = /^(\d{1,13})(?:\.(\d+))?$/.exec(t);
  if (!m) return undefined;
  const frac = m[2] ?? '';
  if (frac.length > digits) return undefined;
  const minor = Number(m[1]) * 10 ** digits + Number(frac.padEnd(digits, '0') || '0');
  return minor > 0 && minor <= AMOUNT_MINOR_MAX ? minor : undefined;
}

// 123450 GBP → "1234.50" (no grouping: the wire's plain decimal).
export function minorToDecimal(minor: number, digits: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  if (digits === 0) return `${sign}${abs}`;
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}

// ---------- requests ----------

const zDay = () => z.string().trim().refine(isIsoDate, { message: 'v.date' });

// The items of a form's attachment list, "stored|original name" separated by commas. A stored name always holds its
// month folder's '/', and an original name never does (a file name has no '/', and the server strips any), so a
// piece without '/' before its '|' is the rest of the previous item's original name: "Invoice March, 2026.pdf"
// stays whole. Any other value (an array sent as JSON) as it came.
export function storedNameItems(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const items: string[] = [];
  // Empty pieces between two parts of one name belong to it ("a,,b.pdf"); elsewhere they are left out.
  let blanks = '';
  for (const piece of v.split(',')) {
    if (!piece.trim()) {
      blanks += `,${piece}`;
      continue;
    }
    const last = items.length - 1;
    if (last >= 0 && items[last]!.includes('|') && !piece.split('|', 1)[0]!.includes('/')) {
      items[last] += `${blanks},${piece}`;
    } else items.push(piece);
    blanks = '';
  }
  return items.map((s) => s.trim());
}
// Stored names returned by /api/v1/fms/upload, comma separated (form) or an array (JSON).
const zStoredNames = () =>
  z
    .preprocess(
      (v) => (v === undefined ? undefined : v === null ? [] : storedNameItems(v)),
      z.array(z.string().max(300)).max(ATTACHMENTS_MAX).optional(),
    )
    .describe(
      'stored names from POST /api/v1/fms/upload, comma separated, each optionally followed by |original name; ' +
        'on update, the full new set (empty: none; absent: unchanged)',
    );

export const PaymentInputShape = {
  title: zText(200),
  type: z.enum(PAYMENT_TYPES).describe('collection or refund; a refund is its own record with a positive amount'),
  transactionDate: zDay().describe('payment date YYYY-MM-DD'),
  amount: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .describe('positive decimal in the currency (e.g. 1234.50 GBP, 5000 JPY); stored as integer minor units'),
  currency: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => currencyDigits(v) !== undefined, { message: 'v.currency' })
    .describe('ISO 4217 code, e.g. GBP, CNY'),
  transferMethod: zOptText(32).describe(`dictionary ${DICT_TYPES.transferMethod} value`),
  description: zOptText(2000),
  signingTeacherId: zId().nullish().describe("staff member id; default the application's signing teacher"),
  contractFiles: zStoredNames(),
  paymentScreenshots: zStoredNames(),
  receipt: zStoredNames(),
};

export const PaymentCreateSchema = z.object({
  applicationId: zId().describe('the application (and so the student) the payment belongs to'),
  ...PaymentInputShape,
});
export type PaymentCreateInput = z.output<typeof PaymentCreateSchema>;
export const PaymentUpdateSchema = z.object({ id: zId(), version: zRowVersion(), ...PaymentInputShape });
export type PaymentUpdateInput = z.output<typeof PaymentUpdateSchema>;
// Confirm locks the amount: with the version the confirmer saw, a record edited since is refused (409).
export const PaymentConfirmSchema = z.object({ id: zId(), version: zRowVersion() });
export type PaymentConfirmInput = z.output<typeof PaymentConfirmSchema>;
export const PaymentVoidSchema = z.object({ id: zId(), reason: zText(500).describe('why the record is voided') });

export const PAYMENT_SORT_FIELDS = ['transactionDate', 'createdAt', 'amount'] as const;
export const PaymentFilterShape = {
  applicationId: zId().nullish().describe("one application's records (userTransactions)"),
  type: z.enum(PAYMENT_TYPES).nullish(),
  status: z.enum(PAYMENT_STATUSES).nullish(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'v.currency')
    .transform((v) => v.toUpperCase())
    .nullish(),
  dateFrom: zDay().nullish().describe('payment date from (inclusive)'),
  dateTo: zDay().nullish().describe('payment date to (inclusive)'),
  teacherId: zId().nullish().describe('signing teacher'),
  keyword: zOptText(100).describe('student name prefix (case-insensitive)'),
};
export const PaymentListQuery = zPaging.extend({
  ...PaymentFilterShape,
  sortField: z.enum(PAYMENT_SORT_FIELDS).nullish().describe('default transactionDate'),
});
export type PaymentListInput = z.output<typeof PaymentListQuery>;
export const PaymentCountQuery = z.object(PaymentFilterShape);
export type PaymentFilter = z.output<typeof PaymentCountQuery>;
// The userTransactions screen's calls (permission payment:userList): always one application.
const oneApplication = { applicationId: zId().describe('the application whose records are read (userTransactions)') };
export const PaymentUserListQuery = PaymentListQuery.extend(oneApplication);
export const PaymentUserCountQuery = PaymentCountQuery.extend(oneApplication);
export const PaymentUserIdParam = z.object({
  id: zId().describe('a payment record, or for userDownloadFile an attachment, of that application'),
  ...oneApplication,
});

export const TrackListQuery = zPaging.extend({
  paymentId: zId().nullish(),
  operatorId: zId().nullish(),
  operation: z.enum(TRACK_OPERATIONS).nullish(),
  // The screen's range: the caller's own days as instants (as the operation log's, decision 346); the UTC days stay
  // for other callers.
  from: zEpochMs().nullish().describe('at or after (epoch ms); over dateFrom'),
  to: zEpochMs().nullish().describe('before (epoch ms); over dateTo'),
  dateFrom: zDay().nullish().describe('operation date from (inclusive, UTC)'),
  dateTo: zDay().nullish().describe('operation date to (inclusive, UTC)'),
});
export type TrackListInput = z.output<typeof TrackListQuery>;

// ---------- responses ----------

export const AttachmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ATTACHMENT_KINDS),
  name: z.string().describe('stored name'),
  originalName: z.string(),
  extension: z.string(),
  mime: z.string(),
  size: z.number().int(),
  displayPath: z.string().describe('authenticated download path'),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

const money = {
  amountMinor: z.number().int().describe('integer minor units (pence, fen, yen)'),
  amount: z.string().describe("decimal in the currency's own digits, e.g. 1234.50"),
  currency: z.string().describe('ISO 4217'),
  digits: z.number().int().describe("the currency's decimals"),
};

export const PaymentListItemSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  title: z.string(),
  type: z.enum(PAYMENT_TYPES),
  status: z.enum(PAYMENT_STATUSES),
  transactionDate: z.string(),
  ...money,
  transferMethod: z.string().nullable(),
  studentName: z.string().describe('name on the application'),
  student: PersonRefSchema.nullable().describe('the student member'),
  signingTeacher: PersonRefSchema.nullable(),
  confirmedBy: PersonRefSchema.nullable(),
  confirmedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  version: z.number().int(),
});
export type PaymentListItem = z.infer<typeof PaymentListItemSchema>;
export const PaymentPageSchema = pageOf(PaymentListItemSchema);

export const PaymentViewSchema = PaymentListItemSchema.extend({
  description: z.string().nullable(),
  voidReason: z.string().nullable(),
  voidedBy: PersonRefSchema.nullable(),
  voidedAt: z.number().int().nullable(),
  createdBy: PersonRefSchema.nullable(),
  updatedAt: z.number().int(),
  contractFiles: z.array(AttachmentSchema),
  paymentScreenshots: z.array(AttachmentSchema),
  receipt: z.array(AttachmentSchema),
});
export type PaymentView = z.infer<typeof PaymentViewSchema>;

export const CurrencyTotalSchema = z.object({
  currency: z.string(),
  digits: z.number().int(),
  totalMinor: z.number().int().describe('collections minus refunds, pending and confirmed (voided excluded)'),
  pendingMinor: z.number().int().describe('pending confirmation, collections minus refunds'),
  confirmedMinor: z.number().int().describe('confirmed, collections minus refunds'),
  total: z.string(),
  pending: z.string(),
  confirmed: z.string(),
  count: z.number().int().describe('records counted (voided excluded)'),
});
export type CurrencyTotal = z.infer<typeof CurrencyTotalSchema>;
export const PaymentTotalsSchema = z.object({
  currencies: z.array(CurrencyTotalSchema).describe('one entry per currency; amounts are never added across'),
});
export type PaymentTotals = z.infer<typeof PaymentTotalsSchema>;

export const TrackChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type TrackChange = z.infer<typeof TrackChangeSchema>;
export const TrackSchema = z.object({
  id: z.number().int(),
  paymentId: z.number().int(),
  paymentTitle: z.string().nullable(),
  operator: PersonRefSchema.nullable(),
  operation: z.enum(TRACK_OPERATIONS),
  changes: z.array(TrackChangeSchema).describe('what changed: field, before, after (decimals for money)'),
  createdAt: z.number().int().describe('operation time, epoch ms'),
});
export type Track = z.infer<typeof TrackSchema>;
export const TrackPageSchema = pageOf(TrackSchema);
