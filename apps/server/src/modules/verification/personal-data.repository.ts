import { sql } from 'kysely';
import type { Conn } from '../../db/conn.js';
import { type ErasureSubject, partLines, type PersonalDataPart } from '../../db/personal-data.js';

// An erased person's verification codes go, and the last-send marks of their addresses and numbers.
const sendsOf = (tx: Conn, s: ErasureSubject) =>
  tx
    .selectFrom('verificationSend')
    .where((eb) =>
      eb.or([
        sql<boolean>`1 = 0`,
        ...(s.emails.size ? [eb(sql<string>`lower(target)`, 'in', [...s.emails])] : []),
        ...[...s.phones].map((p) => eb('target', 'like', `%${p}`)),
      ]),
    );
// The part's lines (counts: the codes, the last-send marks).
const lines = partLines('verification', [
  ['verificationCode', 'erase', 'personal'],
  ['verificationSend', 'erase', 'personal'],
]);

export const verificationPersonalData: PersonalDataPart = {
  module: 'verification',
  async plan(tx, s) {
    const codes = await tx
      .selectFrom('verificationCode')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('memberId', '=', s.memberId)
      .executeTakeFirst();
    const sends = await sendsOf(tx, s)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return lines(Number(codes?.n ?? 0), Number(sends?.n ?? 0));
  },
  async erase(tx, s) {
    const codes = await tx.deleteFrom('verificationCode').where('memberId', '=', s.memberId).executeTakeFirst();
    const targets = await sendsOf(tx, s).select(['target', 'purpose']).execute();
    for (const t of targets) {
      await tx.deleteFrom('verificationSend').where('target', '=', t.target).where('purpose', '=', t.purpose).execute();
    }
    return { lines: lines(Number(codes.numDeletedRows), targets.length) };
  },
};
