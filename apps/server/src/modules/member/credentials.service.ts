import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { createCredentialRepository } from './credentials.repository.js';
import { createPasswordWriter } from './passwords.js';

// What other modules ask of member rows beyond names (those are the people module's): sign-in's candidates and
// failure counts (auth), the own password (account, wallet), contact bindings and resets (verification), a new
// student (people, for applications). The composition root hands each module the part it uses.
export function createMemberCredentials(db: Db, clock: Clock) {
  const { writePasswordHash, ...repo } = createCredentialRepository(db);
  return { ...repo, setPassword: createPasswordWriter(db, { writePasswordHash }, clock) };
}
export type MemberCredentials = ReturnType<typeof createMemberCredentials>;
