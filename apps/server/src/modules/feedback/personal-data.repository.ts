import type { Db } from '../../db/database.js';
import { FEEDBACK_COLUMNS, REPLY_COLUMNS } from './feedback.repository.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import { searchText } from '@study-crm/shared';
import type { Conn } from '../../db/conn.js';
import { countIn } from '../../db/sql-helpers.js';
import {
  type ErasureSubject,
  noteRecords,
  noteValue,
  partLines,
  type PersonalDataPart,
  purgeSearchIndex,
} from '../../db/personal-data.js';

// Feedback the person gave (signed in, or with their e-mail address) and its replies, for the subject access export
// (issue 41).
export function createFeedbackPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const feedback = await db
        .selectFrom('feedback')
        .select(FEEDBACK_COLUMNS)
        .where((eb) =>
          s.emails.length
            ? eb.or([eb('memberId', '=', s.memberId), eb('email', 'in', s.emails)])
            : eb('memberId', '=', s.memberId),
        )
        .orderBy('id')
        .execute();
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
const feedbackOf = (tx: Conn, s: ErasureSubject) =>
  tx
    .selectFrom('feedback')
    .where((eb) =>
      eb.or([
        eb('memberId', '=', s.memberId),
        ...(s.emails.size ? [eb(eb.fn('lower', ['email']), 'in', [...s.emails])] : []),
      ]),
    );
const feedbackIds = async (tx: Conn, s: ErasureSubject) =>
  (await feedbackOf(tx, s).select('id').execute()).map((r) => r.id);
// The part's lines (counts: the messages, their replies).
const lines = partLines('feedback', [
  ['feedback', 'anonymise', 'blanked'],
  ['feedbackReply', 'anonymise', 'blanked'],
]);

export const feedbackPersonalData: PersonalDataPart = {
  module: 'feedback',
  async collect(tx, s) {
    const rows = await feedbackOf(tx, s).select(['id', 'name', 'mobile']).execute();
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
