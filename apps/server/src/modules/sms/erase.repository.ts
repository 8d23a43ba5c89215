import type { Conn } from '../../db/conn.js';
import { line, purgeSearchIndex, type ErasureSubject, type PersonalDataPart } from '../../db/personal-data.js';

// SMS to an erased person: their recipient rows stay (a batch's counts stay) without number or variables; a single
// text sent to them (kind text) has its body blanked.
const recipientsOf = (conn: Conn, s: ErasureSubject) =>
  conn
    .selectFrom('smsRecipient')
    .where((eb) =>
      eb.or([
        eb('id', '<', 0),
        ...[...s.phones].flatMap((p) => [eb('phone', 'like', `%${p}`), eb('mobileRaw', 'like', `%${p}`)]),
      ]),
    );

async function textsOf(conn: Conn, s: ErasureSubject): Promise<number[]> {
  const fromRows = (await recipientsOf(conn, s).select('batchId').distinct().execute()).map((r) => r.batchId);
  const ids = [...new Set([...fromRows, ...s.received.sms])];
  if (!ids.length) return [];
  return (
    await conn.selectFrom('smsBatch').select('id').where('id', 'in', ids).where('kind', '=', 'text').execute()
  ).map((r) => r.id);
}

export const smsPersonalData: PersonalDataPart = {
  module: 'sms',
  async plan(conn, s) {
    const n = await recipientsOf(conn, s)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return [
      line('sms', 'smsRecipient', 'anonymise', Number(n?.n ?? 0), 'blanked'),
      line('sms', 'smsBatch', 'anonymise', (await textsOf(conn, s)).length, 'blanked'),
    ];
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
    return {
      lines: [
        line('sms', 'smsRecipient', 'anonymise', ids.length, 'blanked'),
        line('sms', 'smsBatch', 'anonymise', texts.length, 'blanked'),
      ],
    };
  },
};
