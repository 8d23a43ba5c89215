import type { Db } from '../../db/database.js';
import type { Tx } from '../../db/transaction.js';
import { badRequest } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { createCredentialRepository } from './credentials.repository.js';
import { createPasswordWriter } from './passwords.js';

// What other modules ask of member rows beyond names (those are the people module's): sign-in's candidates and
// failure counts (auth), the own password (account, wallet), contact bindings and resets (verification), a new
// student (people, for applications). The composition root hands each module the part it uses.
export function createMemberCredentials(db: Db, clock: Clock) {
  const { writePasswordHash, emailTaken, setEmail, ...repo } = createCredentialRepository(db);
  // An e-mail bound is never another live member's login name (400 naming `email`): sign-in by name reads both, and
  // would match two accounts. Asked before a binding code is sent (`emailTaken`) and again in the write's transaction.
  const refuseLoginName = async (email: string | null, memberId: number, tx?: Tx) => {
    if (email && (await repo.heldAsLoginName(email, memberId, tx))) throw badRequest('email', 'v.taken');
  };
  return {
    ...repo,
    async emailTaken(email: string, exceptId: number): Promise<boolean> {
      if (await emailTaken(email, exceptId)) return true;
      await refuseLoginName(email, exceptId);
      return false;
    },
    async setEmail(tx: Tx, memberId: number, expected: string | null, email: string | null, now: number) {
      await refuseLoginName(email, memberId, tx);
      return setEmail(tx, memberId, expected, email, now);
    },
    setPassword: createPasswordWriter(db, { writePasswordHash }, clock),
  };
}
export type MemberCredentials = ReturnType<typeof createMemberCredentials>;
