import { sql, type Kysely } from 'kysely';
import { createChangeCounter, dropChangeCounter } from './helpers.js';

// Issue 43 (decision 224): a counter every server reads in a signed call's one statement, so a server may keep a
// session's permission set between calls and still see a change on the very next call. `change_counter` row
// 'access' goes up with every write to what a session's permissions are made of: a member's roles (member_role), a
// role's permissions (role_permission) and the permissions' identifiers (permission). A deleted role or member
// takes its member_role and role_permission rows with it, which counts the same. Kept by triggers in the writing
// transaction: a reader sees the new permissions and the new counter together or neither. (Once per statement on
// PostgreSQL: a role's new permission list written in one statement counts once.)
const ACCESS_COUNTER = 'access';
const TABLES = ['member_role', 'role_permission', 'permission'] as const;
const NAMES = { fn: 'access_version_fn', trigger: 'access_version' };

export async function up(db: Kysely<unknown>): Promise<void> {
  await createChangeCounter(db, ACCESS_COUNTER, NAMES, TABLES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropChangeCounter(db, NAMES, TABLES);
  await sql`delete from change_counter where name = ${sql.lit(ACCESS_COUNTER)}`.execute(db);
}
