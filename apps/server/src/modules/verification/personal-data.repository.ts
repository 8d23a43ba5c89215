import type { Conn } from '../../db/conn.js';
import { type ErasureSubject, partLines, type PersonalDataPart } from '../../db/personal-data.js';
import { unicodeLowerIn } from '../../db/sqlite-lower.js';

// An erased person's verification codes go, and the last-send marks of their addresses and numbers. A mark's target
// is the channel and the address as the code was sent (`email:` and the lower-cased address, `mobile:` and the E.164
// number): matched exactly, never by a number's tail (national digits alone are another country's number too), the
// address as PostgreSQL's lower() folds it on both engines (`s.emails` folded so, `unicodeLowerIn`).
const sendsOf = (tx: Conn, s: ErasureSubject) => {
  const targets = [...[...s.emails].map((e) => `email:${e}`), ...[...s.phones].map((p) => `mobile:${p}`)];
  return tx.selectFrom('verificationSend').where(unicodeLowerIn('target', targets));
};
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
