import type { Insertable } from 'kysely';
import {
  formatMessage,
  LOCALES,
  SMS_COLUMNS,
  SMS_FILE_ROWS_MAX,
  type Locale,
  type MessageKey,
} from '@study-crm/shared';
import type { SmsRecipientTable } from '../../db/schema.js';
import { XlsxRefusal, type RowCheck, type SheetRow } from '../../lib/xlsx/index.js';
import { checkRow } from './recipient-row.js';

// The worker side of a recipient upload (readSheetRowsOffThread's `check`, decision 246): the rows of the sheet become
// recipient rows, each checked (a valid mobile number of its region, variables) and duplicates (by E.164 number)
// refused with the row they repeat, all in the worker thread, so that 50,000 numbers parsed by libphonenumber cost the
// request thread nothing; it receives only the rows it writes.
export type RecipientRecord = Omit<Insertable<SmsRecipientTable>, 'batchId'>;

// Why a file is refused as a whole (XlsxRefusal's reason): not the template's header, or too many rows.
export type RecipientRefusal = 'format' | 'tooMany';
const refuse = (reason: RecipientRefusal) => new XlsxRefusal(reason);

// The recipient sheet's column headers in one language (the template's, and what a file must start with).
const HEADER_KEY: Record<(typeof SMS_COLUMNS)[number], MessageKey> = {
  mobile: 'smsColMobile',
  region: 'smsColRegion',
  variables: 'smsColVariables',
};
export const headersIn = (locale: Locale) => SMS_COLUMNS.map((c) => formatMessage(HEADER_KEY[c], locale));

const KNOWN_HEADERS = SMS_COLUMNS.map(
  (c, i) => new Set([c, ...LOCALES.map((l) => headersIn(l)[i]!.toLowerCase())].map((h) => h.toLowerCase())),
);

// The header row must be the template's (in any of the three languages); data rows after it, blank rows skipped;
// more than SMS_FILE_ROWS_MAX data rows refuse the file. NUL never reaches the database (PostgreSQL refuses it in
// text); other text is kept as written.
const checkRecipients: RowCheck<RecipientRecord> = async function* (sheet: AsyncIterable<SheetRow[]>) {
  const firstRow = new Map<string, number>();
  let hasHeader = false;
  let count = 0;
  for await (const chunk of sheet) {
    const out: RecipientRecord[] = [];
    for (const row of chunk) {
      const cells = row.cells.map((c) => c.replace(/\0/g, '').trim());
      if (!hasHeader) {
        if (cells.every((c) => !c)) continue;
        const isTemplate = cells.every((c, i) => (i === 2 && !c) || KNOWN_HEADERS[i]!.has(c.toLowerCase()));
        if (!isTemplate) throw refuse('format');
        hasHeader = true;
        continue;
      }
      if (cells.every((c) => !c)) continue;
      if (++count > SMS_FILE_ROWS_MAX) throw refuse('tooMany');
      out.push(check(row.rowNo, cells[0]!, cells[1]!, cells[2]!));
    }
    if (out.length) yield out;
  }
  if (!hasHeader) throw refuse('format');

  function check(rowNo: number, mobile: string, region: string, variables: string): RecipientRecord {
    const raw = { rowNo, mobileRaw: mobile.slice(0, 64), regionRaw: region.slice(0, 16) };
    const checked = checkRow(mobile, region, variables);
    if (!checked.isValid) return Object.assign(raw, { phone: null, variables, reason: checked.reason });
    const seen = firstRow.get(checked.phone);
    if (seen !== undefined) {
      return Object.assign(raw, { phone: null, variables, reason: 'smsRowDuplicate' as const, reasonRow: seen });
    }
    firstRow.set(checked.phone, rowNo);
    return Object.assign(raw, { phone: checked.phone, variables: JSON.stringify(checked.variables) });
  }
};
export default checkRecipients;
