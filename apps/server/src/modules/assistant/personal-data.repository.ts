import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import { removedRows } from '../../db/personal-data.js';

// The member's conversations with XiaoK, for the subject access export (issue 41).
export function createAssistantPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const conversations = await db
        .selectFrom('assistantConversation')
        .selectAll()
        .where('memberId', '=', s.memberId)
        .orderBy('id')
        .execute();
      const messages = await db
        .selectFrom('assistantMessage')
        .select(['id', 'conversationId', 'role', 'content', 'status', 'createdAt'])
        .where('memberId', '=', s.memberId)
        .orderBy('id')
        .execute();
      return {
        parts: [part('assistant/assistant_conversation', conversations), part('assistant/assistant_message', messages)],
        files: noFiles,
      };
    },
  };
}

// An erased person's conversations with XiaoK go (their messages with them: owned rows).
export const assistantPersonalData = removedRows('assistant', ['assistantConversation'], ['assistantConversation']);
