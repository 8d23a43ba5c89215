import type { StudentValues } from '../people/index.js';
import { sql, type UpdateResult } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import { isUniqueViolation, liveMemberById } from '../../db/sql-helpers.js';
import type { Conn, Tx } from '../../db/transaction.js';
import { heldAsLoginName, refreshSearchText, withSearchText } from './member.repository.js';

const LOGIN_COLUMNS = ['id', 'passwordHash', 'status', 'memberType', 'failedLogins', 'lockedUntil'] as const;
// What sign-in reads of a member: the password hash, status, type and the failure count and lock.
export type LoginCandidate = Pick<Row<'member'>, (typeof LOGIN_COLUMNS)[number]>;
// How a member can be reached and signs in (the own account's bindings).
export type Contact = Pick<Row<'member'>, 'email' | 'areaCode' | 'mobile' | 'loginName'>;
export type Phone = { areaCode: string; mobile: string };
// A student added by another module (an application naming a new student by contact).
// A contact change applied only while the stored value is still the one expected.
export type ContactChange = 'changed' | 'stale' | 'taken';

// The member rows' credentials and contact, as other modules need them (sign-in, the own account, bindings, the
// student behind an application). The member module owns the table: these are its only writers outside
// member.repository.ts. Calls that take `tx` run on the caller's connection (inside its transaction).
// A contact change guarded by the value it replaces: 'changed' when it updated the member, 'stale' when someone
// changed it meanwhile, 'taken' when the unique index refused it.
async function changeContact(tx: Tx, memberId: number, update: () => Promise<UpdateResult>): Promise<ContactChange> {
  try {
    const r = await update();
    if (Number(r.numUpdatedRows) !== 1) return 'stale';
    // Pickers find a member by e-mail and mobile: the search text is written again.
    await refreshSearchText(tx, memberId);
    return 'changed';
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

export function createCredentialRepository(db: Db) {
  const live = () => db.selectFrom('member').select(LOGIN_COLUMNS).where('deletedAt', 'is', null);
  return {
    // A login name may also be the member's e-mail. The member whose login name it is comes first: no login name is
    // another member's e-mail (the member service refuses both ways), but rows saved before that rule may still
    // pair them, and a name then signed in as whichever row came first (or counted the failure on the other).
    byLoginName: (loginName: string): Promise<LoginCandidate | undefined> =>
      live()
        .where((eb) => eb.or([eb('loginName', '=', loginName), eb('email', '=', loginName.toLowerCase())]))
        .orderBy(sql`case when login_name = ${loginName} then 0 else 1 end`)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst(),
    byId: (id: number): Promise<LoginCandidate | undefined> => live().where('id', '=', id).executeTakeFirst(),
    byEmail: (email: string): Promise<LoginCandidate | undefined> =>
      live().where('email', '=', email.toLowerCase()).executeTakeFirst(),
    byMobile: (areaCode: string, mobile: string): Promise<LoginCandidate | undefined> =>
      live().where('areaCode', '=', areaCode).where('mobile', '=', mobile).executeTakeFirst(),

    // Counts the attempt before the password is checked, in one statement (no read-then-write race): parallel
    // guesses each get their own number. A lock that has run out starts a fresh count. An attempt past `maxFailures`
    // with no lock in place sets one until `now + lockMs`: a count can pass the limit without a wrong guess locking
    // (a two-factor member's right password keeps it, and the code step adds one), and without a lock to run out
    // it would never start afresh. Both columns are computed from the row as it was.
    async reserveAttempt(
      id: number,
      now: number,
      limits: { maxFailures: number; lockMs: number },
    ): Promise<{ attempt: number; lockedUntil: number | null }> {
      const expired = sql<boolean>`locked_until is not null and locked_until <= ${now}`;
      const row = await db
        .updateTable('member')
        .set({
          failedLogins: sql<number>`case when ${expired} then 1 else failed_logins + 1 end`,
          lockedUntil: sql<number | null>`case when ${expired} then null
            when locked_until is null and failed_logins + 1 > ${limits.maxFailures} then ${now + limits.lockMs}
            else locked_until end`,
        })
        .where('id', '=', id)
        .returning(['failedLogins', 'lockedUntil'])
        .executeTakeFirstOrThrow();
      return {
        attempt: Number(row.failedLogins),
        lockedUntil: row.lockedUntil === null ? null : Number(row.lockedUntil),
      };
    },
    async lock(id: number, until: number): Promise<void> {
      await db.updateTable('member').set({ lockedUntil: until }).where('id', '=', id).execute();
    },
    async clearFailures(id: number): Promise<void> {
      await db.updateTable('member').set({ failedLogins: 0, lockedUntil: null }).where('id', '=', id).execute();
    },

    async passwordHashOf(memberId: number): Promise<string | null> {
      const row = await liveMemberById(db, memberId).select('passwordHash').executeTakeFirst();
      return row?.passwordHash ?? null;
    },
    // Only passwords.ts calls this, with a hash it made.
    async writePasswordHash(tx: Conn, memberId: number, passwordHash: string, now: number, clearLock: boolean) {
      await tx
        .updateTable('member')
        .set({ passwordHash, updatedAt: now, ...(clearLock ? { failedLogins: 0, lockedUntil: null } : {}) })
        .where('id', '=', memberId)
        .where('deletedAt', 'is', null)
        .execute();
    },

    contactOf: (memberId: number): Promise<Contact | undefined> =>
      liveMemberById(db, memberId).select(['email', 'areaCode', 'mobile', 'loginName']).executeTakeFirst(),

    // Whether another live member holds the e-mail (compared lower-cased) or the mobile.
    async emailTaken(email: string, exceptId: number): Promise<boolean> {
      const r = await db
        .selectFrom('member')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email)
        .where('id', '<>', exceptId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return r !== undefined;
    },
    async mobileTaken(areaCode: string, mobile: string, exceptId: number): Promise<boolean> {
      const r = await db
        .selectFrom('member')
        .select('id')
        .where('areaCode', '=', areaCode)
        .where('mobile', '=', mobile)
        .where('id', '<>', exceptId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return r !== undefined;
    },

    // Whether another live member's login name is this e-mail (lower-cased): sign-in by name would match both.
    heldAsLoginName: (email: string, exceptId?: number, tx: Conn = db): Promise<boolean> =>
      heldAsLoginName(tx, email, exceptId),

    // An active, live member by e-mail (forgotten password).
    activeMemberByEmail: (email: string): Promise<{ id: number; memberType: string } | undefined> =>
      db
        .selectFrom('member')
        .select(['id', 'memberType'])
        .where(sql<string>`lower(email)`, '=', email)
        .where('deletedAt', 'is', null)
        .where('status', '=', 'active')
        .executeTakeFirst(),

    // Sets the e-mail only if it is still `expected` (null: none bound): 'changed', 'stale' (someone changed it
    // meanwhile) or 'taken' (the unique index refused it). Clearing it needs another way to sign in still there in
    // the row being written (a login name or a mobile), so two unbinds racing (e-mail and mobile) cannot leave the
    // member none: the second finds the row changed and is 'stale' (PostgreSQL re-reads a row another transaction
    // updated before it writes it; SQLite writes one at a time).
    async setEmail(
      tx: Tx,
      memberId: number,
      expected: string | null,
      email: string | null,
      now: number,
    ): Promise<ContactChange> {
      return changeContact(tx, memberId, () => {
        let q = tx.updateTable('member').set({ email, updatedAt: now }).where('id', '=', memberId);
        q = expected === null ? q.where('email', 'is', null) : q.where('email', '=', expected);
        if (email === null) q = q.where((eb) => eb.or([eb('loginName', 'is not', null), eb('mobile', 'is not', null)]));
        return q.where('deletedAt', 'is', null).executeTakeFirst();
      });
    },
    async setMobile(
      tx: Tx,
      memberId: number,
      expected: Phone | null,
      next: Phone | null,
      now: number,
    ): Promise<ContactChange> {
      return changeContact(tx, memberId, () => {
        let q = tx
          .updateTable('member')
          .set({ areaCode: next?.areaCode ?? null, mobile: next?.mobile ?? null, updatedAt: now })
          .where('id', '=', memberId);
        q =
          expected === null
            ? q.where('mobile', 'is', null)
            : q.where('areaCode', '=', expected.areaCode).where('mobile', '=', expected.mobile);
        // Clearing it, as the e-mail above: only while a login name or an e-mail remains.
        if (next === null) q = q.where((eb) => eb.or([eb('loginName', 'is not', null), eb('email', 'is not', null)]));
        return q.where('deletedAt', 'is', null).executeTakeFirst();
      });
    },

    async insertStudent(tx: Conn, v: StudentValues, now: number): Promise<number | undefined> {
      // An e-mail that is another member's login name (a staff member's, who signs in by it) makes no student: nothing
      // is inserted, as for a contact staff hold, and the record names no student.
      if (v.email && (await heldAsLoginName(tx, v.email))) return undefined;
      // A concurrent insert of the same contact is not an error: nothing is inserted and the caller looks again.
      const row = await tx
        .insertInto('member')
        .values({
          ...withSearchText({ ...v, loginName: null }),
          passwordHash: null,
          status: 'active',
          identityStatus: 'unverified',
          memberType: 'student',
          failedLogins: 0,
          createdAt: now,
          updatedAt: now,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
  };
}
export type CredentialRepository = ReturnType<typeof createCredentialRepository>;
