import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { OUTBOX_COLUMNS } from './outbox.repository.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import type { Conn } from '../../db/conn.js';
import { type ErasureSubject, line, type PersonalDataPart } from '../../db/personal-data.js';
import { lowerAsPostgres, unicodeLowerIn } from '../../db/sqlite-lower.js';

// The outbox rows to the person, the one rule of the subject access export and the erasure: e-mails to one of their
// addresses in any letter case (feedback and outbox rows keep addresses as typed, decision 347), as PostgreSQL's
// lower() folds them on both engines (`emails` folded by `lowerAsPostgres`, `unicodeLowerIn`: served by
// delivery_outbox_email_recipient_ix), texts to exactly one of their full numbers (E.164, as the SMS module queues
// them, `fullNumbersOf`; delivery_outbox_recipient_ix). Never a number's tail: national digits alone are another
// country's number too.
const rowsTo = (tx: Conn, emails: readonly string[], phones: readonly string[]) =>
  tx
    .selectFrom('deliveryOutbox')
    .where((eb) =>
      eb.or([
        eb('id', '<', 0),
        ...(emails.length ? [eb.and([eb('channel', '=', sql.lit('email')), unicodeLowerIn('recipient', emails)])] : []),
        ...(phones.length ? [eb('recipient', 'in', phones)] : []),
      ]),
    );
const lowered = (emails: readonly string[]) => [...new Set(emails.map((e) => lowerAsPostgres(e.trim())))];

// What was sent to the person's addresses, with its delivery status, for the subject access export (issue 41). The
// mail and SMS modules answer for the messages these rows name (`messageIds`).
export function createDeliveryPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject) {
      const rows = await rowsTo(db, lowered(s.emails), s.phones)
        .select([...OUTBOX_COLUMNS, 'createdAt', 'updatedAt'])
        .orderBy('id')
        .execute();
      const idsOf = (channel: string) => [
        ...new Set(rows.filter((r) => r.channel === channel).map((r) => r.messageId)),
      ];
      const data: PersonalData = { parts: [part('delivery/delivery_outbox', rows)], files: noFiles };
      return { ...data, emailIds: idsOf('email'), smsBatchIds: idsOf('sms') };
    },
  };
}

// Outbox rows to an erased person's addresses and numbers: kept (the counts of what was sent stay), their recipient
// replaced by the pseudonym's address and their provider errors dropped; rows not yet sent are taken back: an e-mail's
// `cancelled`, an SMS's `failed` with code ERASED (SMS keeps its four statuses, decisions 121 and 365).
const rowsToSubject = (tx: Conn, s: ErasureSubject) => rowsTo(tx, [...s.emails], [...s.phones]);

export const deliveryPersonalData: PersonalDataPart = {
  module: 'delivery',
  async collect(tx, s) {
    const rows = await rowsToSubject(tx, s).select(['channel', 'messageId']).distinct().execute();
    for (const r of rows) {
      if (r.channel === 'email' && !s.received.email.includes(r.messageId)) s.received.email.push(r.messageId);
      if (r.channel === 'sms' && !s.received.sms.includes(r.messageId)) s.received.sms.push(r.messageId);
    }
  },
  async plan(tx, s) {
    const r = await rowsToSubject(tx, s)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return [line('delivery', 'deliveryOutbox', 'anonymise', Number(r?.n ?? 0), 'blanked')];
  },
  async erase(tx, s) {
    const ids = (await rowsToSubject(tx, s).select('id').execute()).map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await tx
        .updateTable('deliveryOutbox')
        .set({ recipient: s.pseudonymAddress, lastError: null, providerMessageId: null, updatedAt: s.now })
        .where('id', 'in', chunk)
        .execute();
      const unsent = { claimToken: null, claimedUntil: null, updatedAt: s.now };
      await tx
        .updateTable('deliveryOutbox')
        .set({ ...unsent, status: 'cancelled' })
        .where('id', 'in', chunk)
        .where('channel', '=', 'email')
        .where('status', '=', 'queued')
        .execute();
      await tx
        .updateTable('deliveryOutbox')
        .set({ ...unsent, status: 'failed', lastError: 'not sent: the recipient was erased', lastErrorCode: 'ERASED' })
        .where('id', 'in', chunk)
        .where('channel', '!=', 'email')
        .where('status', '=', 'queued')
        .execute();
    }
    return { lines: [line('delivery', 'deliveryOutbox', 'anonymise', ids.length, 'blanked')] };
  },
};
