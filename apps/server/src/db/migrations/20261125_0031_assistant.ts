import { sql, type Kysely } from 'kysely';
import { createIndex, createTableWithId, notNull, ownedBy } from './helpers.js';

// XiaoK, the assistant (issue 20): each member's conversations and their messages. Every read names the owner, so
// the indexes start with it: "my conversations, newest first", "the messages of a conversation", and "my questions
// of the past minute" (the per-member rate limit, shared by every app server).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'assistant_conversation', (t) =>
    t.addColumn('member_id', 'integer', ownedBy('member.id')).addColumn('title', 'varchar(80)', notNull),
  );
  await createIndex(db, 'assistant_conversation_member_ix', 'assistant_conversation', [
    'member_id',
    'updated_at',
    'id',
  ]);

  await createTableWithId(db, 'assistant_message', (t) =>
    t
      .addColumn('conversation_id', 'integer', ownedBy('assistant_conversation.id'))
      .addColumn('member_id', 'integer', ownedBy('member.id'))
      .addColumn('role', 'varchar(16)', notNull)
      .addColumn('content', 'text', notNull)
      // JSON arrays, capped by the service (at most 12 links and 5 help cards).
      .addColumn('links', 'text')
      .addColumn('cards', 'text')
      .addColumn('answerer', 'varchar(16)')
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('error_code', 'integer')
      .addCheckConstraint('assistant_message_role_ck', sql`role in ('user', 'assistant')`)
      .addCheckConstraint('assistant_message_answerer_ck', sql`answerer is null or answerer in ('model', 'embedded')`)
      .addCheckConstraint('assistant_message_status_ck', sql`status in ('pending', 'ok', 'error', 'cancelled')`),
  );
  await createIndex(db, 'assistant_message_conversation_ix', 'assistant_message', ['conversation_id', 'id']);
  await createIndex(db, 'assistant_message_member_ix', 'assistant_message', ['member_id', 'role', 'created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assistant_message').execute();
  await db.schema.dropTable('assistant_conversation').execute();
}
