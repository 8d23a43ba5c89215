import type { Kysely } from 'kysely';
import { addColumns, column } from './helpers.js';

// Decision 371: a captcha whose code was e-mailed (decision 369) answers for the account it was sent to only. The
// member it was sent to is kept on the row; a picture's captcha has none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'captcha', { member_id: column.optional('integer') });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('captcha').dropColumn('member_id').execute();
}
