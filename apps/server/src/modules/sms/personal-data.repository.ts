import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import type { Conn } from '../../db/conn.js';
import {
  type ErasureSubject,
  noteRecords,
  partLines,
  type PersonalDataPart,
  purgeSearchIndex,
} from '../../db/personal-data.js';

// The texts sent to the person's mobile (the delivery module names their batches by its outbox rows), with the
// person's own recipient row (their variables), for the subject access export (issue 41). Never the other
// recipients of a batch.
export function createSmsPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject, batchIds: readonly number[]): Promise<PersonalData> {
      const ids = [...batchIds];
      const batches = ids.length
        ? await db
            .selectFrom('smsBatch')
            .select(['id', 'kind', 'status', 'purpose', 'sender', 'content', 'sendAt', 'createdAt'])
            .where('id', 'in', ids)
            .orderBy('id')
            .execute()
        : [];
      const recipients =
        ids.length && s.phones.length
          ? await db
              .selectFrom('smsRecipient')
              .select(['id', 'batchId', 'rowNo', 'phone', 'mobileRaw', 'regionRaw', 'variables', 'reason'])
              .where('batchId', 'in', ids)
              .where('phone', 'in', s.phones)
              .orderBy('id')
              .execute()
          : [];
      return { parts: [part('sms/sms_batch', batches), part('sms/sms_recipient', recipients)], files: noFiles };
    },
  };
}

// SMS to an erased person: their recipient rows stay (a batch's counts stay) without number or variables; a single
// text sent to them (kind text) has its body blanked.
const recipientsOf = (tx: Conn, s: ErasureSubject) =>
  tx
    .selectFrom('smsRecipient')
    .where((eb) =>
      eb.or([
        eb('id', '<', 0),
        ...[...s.phones].flatMap((p) => [eb('phone', 'like', `%${p}`), eb('mobileRaw', 'like', `%${p}`)]),
      ]),
    );

async function textsOf(tx: Conn, s: ErasureSubject): Promise<number[]> {
  const fromRows = (await recipientsOf(tx, s).select('batchId').distinct().execute()).map((r) => r.batchId);
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
    const n = await recipientsOf(tx, s)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return lines(Number(n?.n ?? 0), (await textsOf(tx, s)).length);
  },
  async erase(tx, s) {
    const texts = await textsOf(tx, s);
    const ids = (await recipientsOf(tx, s).select('id').execute()).map((r) => r.id);
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
