import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Db } from '../../db/database.js';
import { rowNumber } from './recipient-row.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import type { Conn } from '../../db/conn.js';
import {
  type ErasureSubject,
  noteRecords,
  partLines,
  type PersonalDataPart,
  purgeSearchIndex,
} from '../../db/personal-data.js';

// The person's recipient rows, the one rule of the subject access export and the erasure: a row whose number (E.164)
// is exactly one of their full numbers (`fullNumbersOf`), or a refused row (no number kept: a repeat, bad variables,
// a region missing or unknown) whose cells write one of them (`rowNumber`: the upload's reading, and international
// forms it refuses without a region). Never a number's tail: national digits alone are another country's number. Both
// are found through sms_recipient_phone_ix (migration 0095): the numbers, and among the rows without one those whose
// mobile cell holds the last seven digits of one of the person's national numbers in order, whatever is between them
// (separators of any kind, a trunk 0 or a mobile prefix), in ASCII or full-width digits; those are then read exactly.
const TAIL = 7;
const FULL_WIDTH_ZERO = 0xff10;
const patternsOf = (national: string): string[] => {
  const tail = [...national.slice(-TAIL)];
  const fullWidth = tail.map((d) => String.fromCharCode(FULL_WIDTH_ZERO + Number(d)));
  return [tail, fullWidth].map((digits) => `%${digits.join('%')}%`);
};

async function recipientsOf(tx: Conn, phones: readonly string[]) {
  if (!phones.length) return [];
  const full = new Set(phones);
  const nationals = new Set(phones.flatMap((p) => parsePhoneNumberFromString(p)?.nationalNumber ?? []));
  const patterns = [...new Set([...nationals].flatMap(patternsOf))];
  const rows = await tx
    .selectFrom('smsRecipient')
    .select(['id', 'batchId', 'rowNo', 'phone', 'mobileRaw', 'regionRaw', 'variables', 'reason'])
    .where((eb) =>
      eb.or([
        eb('phone', 'in', [...full]),
        ...(patterns.length
          ? [
              eb.and([
                eb('phone', 'is', null),
                eb('mobileRaw', 'is not', null),
                eb.or(patterns.map((p) => eb('mobileRaw', 'like', p))),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.filter((r) => (r.phone ? full.has(r.phone) : full.has(rowNumber(r.mobileRaw ?? '', r.regionRaw) ?? '')));
}

// The texts sent to the person's mobile (the delivery module names their batches by its outbox rows), with the
// person's own recipient rows (their variables; those refused too), for the subject access export (issue 41). Never
// the other recipients of a batch.
export function createSmsPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject, batchIds: readonly number[]): Promise<PersonalData> {
      const recipients = await recipientsOf(db, s.phones);
      const ids = [...new Set([...batchIds, ...recipients.map((r) => r.batchId)])];
      const batches = ids.length
        ? await db
            .selectFrom('smsBatch')
            .select(['id', 'kind', 'status', 'purpose', 'sender', 'content', 'sendAt', 'createdAt'])
            .where('id', 'in', ids)
            .orderBy('id')
            .execute()
        : [];
      return { parts: [part('sms/sms_batch', batches), part('sms/sms_recipient', recipients)], files: noFiles };
    },
  };
}

// SMS to an erased person: their recipient rows stay (a batch's counts stay) without number or variables; a single
// text sent to them (kind text) has its body blanked.
const recipientsOfSubject = (tx: Conn, s: ErasureSubject) => recipientsOf(tx, [...s.phones]);

async function textsOf(tx: Conn, s: ErasureSubject): Promise<number[]> {
  const fromRows = (await recipientsOfSubject(tx, s)).map((r) => r.batchId);
  const ids = [...new Set([...fromRows, ...s.received.sms])];
  if (!ids.length) return [];
  return (await tx.selectFrom('smsBatch').select('id').where('id', 'in', ids).where('kind', '=', 'text').execute()).map(
    (r) => r.id,
  );
}

// The part's lines (counts: the recipient rows, the single texts).
const lines = partLines('sms', [
  ['smsRecipient', 'anonymise', 'blanked'],
  ['smsBatch', 'anonymise', 'blanked'],
]);

// The single texts blanked are records of the audit log: noted, so its entries of them keep which fields changed,
// not the text (the delivery module's part, before this one, named the batches).
export const smsPersonalData: PersonalDataPart = {
  module: 'sms',
  async collect(tx, s) {
    noteRecords(s, 'smsBatch', await textsOf(tx, s));
  },
  async plan(tx, s) {
    return lines((await recipientsOfSubject(tx, s)).length, (await textsOf(tx, s)).length);
  },
  async erase(tx, s) {
    const texts = await textsOf(tx, s);
    const ids = (await recipientsOfSubject(tx, s)).map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) {
      await tx
        .updateTable('smsRecipient')
        .set({ phone: null, mobileRaw: null, regionRaw: null, variables: null })
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
    if (texts.length) {
      await tx
        .updateTable('smsBatch')
        .set({ content: '', searchText: '', updatedAt: s.now })
        .where('id', 'in', texts)
        .execute();
      await purgeSearchIndex(tx, 'sms_batch_search');
    }
    return { lines: lines(ids.length, texts.length) };
  },
};
