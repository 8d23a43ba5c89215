import type { Db } from '../../db/database.js';
import { FEEDBACK_COLUMNS, REPLY_COLUMNS } from './feedback.repository.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import { searchText } from '@study-crm/shared';
import type { Conn } from '../../db/conn.js';
import { countIn } from '../../db/sql-helpers.js';
import { lowerAsPostgres, unicodeLowerIn } from '../../db/sqlite-lower.js';
import {
  type ErasureSubject,
  noteRecords,
  noteValue,
  partLines,
  type PersonalDataPart,
  purgeSearchIndex,
} from '../../db/personal-data.js';

// The feedback the person gave, the one rule of the subject access export and the erasure: signed in as them, or from
// one of their addresses in any letter case (feedback keeps the address as typed, decision 347), as PostgreSQL's
// lower() folds them on both engines (`emails` folded by `lowerAsPostgres`, `unicodeLowerIn`).
const feedbackOf = (tx: Conn, memberId: number, emails: readonly string[]) =>
  tx
    .selectFrom('feedback')
    .where((eb) => eb.or([eb('memberId', '=', memberId), ...(emails.length ? [unicodeLowerIn('email', emails)] : [])]));

// Feedback the person gave and its replies, for the subject access export (issue 41).
export function createFeedbackPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const emails = [...new Set(s.emails.map((e) => lowerAsPostgres(e.trim())))];
      const feedback = await feedbackOf(db, s.memberId, emails).select(FEEDBACK_COLUMNS).orderBy('id').execute();
      const replies = feedback.length
        ? await db
            .selectFrom('feedbackReply')
            .select(REPLY_COLUMNS)
            .where(
              'feedbackId',
              'in',
              feedback.map((f) => f.id),
            )
            .orderBy('id')
            .execute()
        : [];
      return { parts: [part('feedback/feedback', feedback), part('feedback/feedback_reply', replies)], files: noFiles };
    },
  };
}

// Feedback an erased person gave (as a member or from their e-mail address): kept as rows so the counts stay, with
// the pseudonym as the name, no address or number, and the texts (theirs and the replies to them) blanked.
const feedbackOfSubject = (tx: Conn, s: ErasureSubject) => feedbackOf(tx, s.memberId, [...s.emails]);
const feedbackIds = async (tx: Conn, s: ErasureSubject) =>
  (await feedbackOfSubject(tx, s).select('id').execute()).map((r) => r.id);
// The part's lines (counts: the messages, their replies).
const lines = partLines('feedback', [
  ['feedback', 'anonymise', 'blanked'],
  ['feedbackReply', 'anonymise', 'blanked'],
]);

export const feedbackPersonalData: PersonalDataPart = {
  module: 'feedback',
  async collect(tx, s) {
    const rows = await feedbackOfSubject(tx, s).select(['id', 'name', 'mobile']).execute();
    for (const f of rows) noteValue(s, f.name, f.mobile);
    noteRecords(
      s,
      'feedback',
      rows.map((f) => f.id),
    );
  },
  async plan(tx, s) {
    const ids = await feedbackIds(tx, s);
    return lines(ids.length, await countIn(tx, 'feedbackReply', 'feedbackId', ids));
  },
  async erase(tx, s) {
    const ids = await feedbackIds(tx, s);
    let replies = 0;
    if (ids.length) {
      await tx
        .updateTable('feedback')
        .set({
          name: s.pseudonym,
          email: null,
          areaCode: null,
          mobile: null,
          content: '',
          searchText: searchText([s.pseudonym]),
        })
        .where('id', 'in', ids)
        .execute();
      const r = await tx
        .updateTable('feedbackReply')
        .set({ content: '' })
        .where('feedbackId', 'in', ids)
        .executeTakeFirst();
      replies = Number(r.numUpdatedRows);
      await purgeSearchIndex(tx, 'feedback_search');
    }
    return { lines: lines(ids.length, replies) };
  },
};
