import type { Kysely } from 'kysely';
import { createChangeCounter, dropChangeCounter } from './helpers.js';

// The configuration cache's change counter (`change_counter` row 'sys_config', decision 18) moved by triggers in
// the writing transaction, as the access counter is (0068): the service bumped it in a statement of its own after
// the write had committed, so a server that stopped, or a bump that failed, between the two left every other
// server's cache holding the old value with no time limit. A reader now sees the new configs and the new counter
// together or neither, whichever path wrote them.
const NAMES = { fn: 'config_version_fn', trigger: 'version' };

export async function up(db: Kysely<unknown>): Promise<void> {
  await createChangeCounter(db, 'sys_config', NAMES, ['sys_config']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropChangeCounter(db, NAMES, ['sys_config']);
}
