import { sql, type Kysely } from 'kysely';
import { column, createIndex, createTableWithId } from './helpers.js';

// XiaoK, the assistant (issue 20): each member's conversations and their messages. Every read names the owner, so
// the indexes start with it: "my conversations, newest first", "the messages of a conversation", and "my questions
// of the past minute" (the per-member rate limit, shared by every app server).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'assistant_conversation', {
    member_id: column.ownedBy('member.id'),
    title: column.required('varchar(80)'),
  });
  await createIndex(db, 'assistant_conversation_member_ix', 'assistant_conversation', [
    'member_id',
    'updated_at',
    'id',
  ]);

  await createTableWithId(
    db,
    'assistant_message',
    {
      conversation_id: column.ownedBy('assistant_conversation.id'),
      member_id: column.ownedBy('member.id'),
      role: column.required('varchar(16)'),
      content: column.required('text'),
      // JSON arrays, capped by the service (at most 12 links and 5 help cards).
      links: column.optional('text'),
      cards: column.optional('text'),
      answerer: column.optional('varchar(16)'),
      status: column.required('varchar(16)'),
      error_code: column.optional('integer'),
    },
    {
      checks: {
        assistant_message_role_ck: sql`role in ('user', 'assistant')`,
        assistant_message_answerer_ck: sql`answerer is null or answerer in ('model', 'embedded')`,
        assistant_message_status_ck: sql`status in ('pending', 'ok', 'error', 'cancelled')`,
      },
    },
  );
  await createIndex(db, 'assistant_message_conversation_ix', 'assistant_message', ['conversation_id', 'id']);
  await createIndex(db, 'assistant_message_member_ix', 'assistant_message', ['member_id', 'role', 'created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['assistant_message', 'assistant_conversation']) await db.schema.dropTable(t).execute();
}
