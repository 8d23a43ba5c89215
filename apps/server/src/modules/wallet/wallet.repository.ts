import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, MemberWalletTable, Row } from '../../db/schema.js';

export type WalletRow = Row<'memberWallet'>;
export type NewWallet = Omit<Insertable<MemberWalletTable>, 'id' | 'checkPositions' | 'checkFailures' | 'activatedAt'>;

const COLUMNS = [
  'id',
  'memberId',
  'chain',
  'address',
  'publicKey',
  'derivationPath',
  'wrappedKey',
  'mnemonicEnc',
  'privateKeyEnc',
  'checkPositions',
  'checkFailures',
  'activatedAt',
  'createdAt',
  'updatedAt',
] as const;

// A member's activated wallet address (null without one), as a subquery of a statement over `member`: the profile
// reads it with the member's row and roles in one statement (issue 43). The wallet module writes how its table is read.
export const activeWalletAddress = (eb: ExpressionBuilder<Database, 'member'>) =>
  eb
    .selectFrom('memberWallet')
    .select('memberWallet.address')
    .whereRef('memberWallet.memberId', '=', 'member.id')
    .where('memberWallet.activatedAt', 'is not', null);

// The member's wallet. Every write that moves it along (check, activation, discard) is conditional on the state it
// expects, so parallel calls cannot both succeed.
export function createWalletRepository(db: Db) {
  const byMember = (memberId: number) => db.selectFrom('memberWallet').where('memberId', '=', memberId);
  return {
    find: (memberId: number): Promise<WalletRow | undefined> => byMember(memberId).select(COLUMNS).executeTakeFirst(),

    // The unique index on member_id refuses a second wallet (the caller maps the violation).
    insert: (wallet: NewWallet): Promise<WalletRow> =>
      db
        .insertInto('memberWallet')
        .values({ ...wallet, checkPositions: null, checkFailures: 0, activatedAt: null })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow(),

    // A new backup check replaces a pending one. False once activated.
    async setCheck(memberId: number, positions: string, now: number): Promise<boolean> {
      const row = await db
        .updateTable('memberWallet')
        .set({ checkPositions: positions, checkFailures: 0, updatedAt: now })
        .where('memberId', '=', memberId)
        .where('activatedAt', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    // One more wrong answer to this check, in one statement; at `max` the check is withdrawn. Returns the count
    // (null when the check was no longer pending).
    async recordFailure(memberId: number, positions: string, max: number, now: number): Promise<number | null> {
      const row = await db
        .updateTable('memberWallet')
        .set({
          checkFailures: sql<number>`check_failures + 1`,
          checkPositions: sql<string | null>`case when check_failures + 1 >= ${max} then null else check_positions end`,
          updatedAt: now,
        })
        .where('memberId', '=', memberId)
        .where('checkPositions', '=', positions)
        .where('activatedAt', 'is', null)
        .returning('checkFailures')
        .executeTakeFirst();
      return row ? Number(row.checkFailures) : null;
    },

    // Activated only if the check that was answered is still the pending one.
    activate: (memberId: number, positions: string, now: number): Promise<WalletRow | undefined> =>
      db
        .updateTable('memberWallet')
        .set({ activatedAt: now, checkPositions: null, checkFailures: 0, updatedAt: now })
        .where('memberId', '=', memberId)
        .where('checkPositions', '=', positions)
        .where('activatedAt', 'is', null)
        .returning(COLUMNS)
        .executeTakeFirst(),

    // Only a wallet never activated can be discarded.
    async discard(memberId: number): Promise<boolean> {
      const res = await db
        .deleteFrom('memberWallet')
        .where('memberId', '=', memberId)
        .where('activatedAt', 'is', null)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;
