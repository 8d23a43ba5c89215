import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import { removedRows } from '../../db/personal-data.js';

// The member's message box for the subject access export (issue 41): notices, messages and to-dos addressed to them.
export function createInboxPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const notices = await db.selectFrom('memberNotice').selectAll().where('memberId', '=', s.memberId).execute();
      const messages = await db.selectFrom('systemMessage').selectAll().where('memberId', '=', s.memberId).execute();
      const todos = await db.selectFrom('memberTodo').selectAll().where('memberId', '=', s.memberId).execute();
      return {
        parts: [
          part('inbox/member_notice', notices),
          part('inbox/system_message', messages),
          part('inbox/member_todo', todos),
        ],
        files: noFiles,
      };
    },
  };
}

// An erased person's own notices, messages, to-dos and read marks go (notices to everyone, member 0, stay).
export const inboxPersonalData = removedRows(
  'inbox',
  ['memberNotice', 'systemMessage', 'memberTodo', 'messageRead'],
  ['memberNotice'],
);
