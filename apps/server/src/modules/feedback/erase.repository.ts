import { searchText } from '@study-crm/shared';
import type { Conn } from '../../db/conn.js';
import {
  line,
  noteRecords,
  noteValue,
  purgeSearchIndex,
  type ErasureSubject,
  type PersonalDataPart,
} from '../../db/personal-data.js';

// Feedback an erased person gave (as a member or from their e-mail address): kept as rows so the counts stay, with
// the pseudonym as the name, no address or number, and the texts (theirs and the replies to them) blanked.
const feedbackOf = (conn: Conn, s: ErasureSubject) =>
  conn
    .selectFrom('feedback')
    .where((eb) =>
      eb.or([
        eb('memberId', '=', s.memberId),
        ...(s.emails.size ? [eb(eb.fn('lower', ['email']), 'in', [...s.emails])] : []),
      ]),
    );

export const feedbackPersonalData: PersonalDataPart = {
  module: 'feedback',
  async collect(conn, s) {
    const rows = await feedbackOf(conn, s).select(['id', 'name', 'mobile']).execute();
    for (const f of rows) noteValue(s, f.name, f.mobile);
    noteRecords(
      s,
      'feedback',
      rows.map((f) => f.id),
    );
  },
  async plan(conn, s) {
    const ids = (await feedbackOf(conn, s).select('id').execute()).map((r) => r.id);
    const replies = ids.length
      ? await conn.selectFrom('feedbackReply').select('id').where('feedbackId', 'in', ids).execute()
      : [];
    return [
      line('feedback', 'feedback', 'anonymise', ids.length, 'blanked'),
      line('feedback', 'feedbackReply', 'anonymise', replies.length, 'blanked'),
    ];
  },
  async erase(tx, s) {
    const ids = (await feedbackOf(tx, s).select('id').execute()).map((r) => r.id);
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
    return {
      lines: [
        line('feedback', 'feedback', 'anonymise', ids.length, 'blanked'),
        line('feedback', 'feedbackReply', 'anonymise', replies, 'blanked'),
      ],
    };
  },
};
