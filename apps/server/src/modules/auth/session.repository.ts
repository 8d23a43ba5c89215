import { sql } from 'kysely';
import { compileOnce, type Slots } from '../../db/compiled.js';
import { Lru } from '../../db/statement-cache.js';
import { batchByKey } from '../../lib/batch.js';
import { isPostgres, type Db } from '../../db/database.js';
import type { Carry } from '../../http/context.js';
import type { Row } from '../../db/schema.js';
import type { Conn } from '../../db/transaction.js';

export type SessionRow = Pick<Row<'session'>, 'id' | 'memberId' | 'createdAt' | 'lastSeenAt' | 'expiresAt'> & {
  // The role the session acts as, only while the member still holds it (else null: all roles).
  activeRoleId: number | null;
  // The role the session was switched to, held or not.
  chosenRoleId: number | null;
};

// A session as the member view lists it (no token hash).
import { profileSelection, type SessionActivityRow } from '../member/index.js';
// Who may act (an active member, not removed, not waiting to set up a second factor): one rule, the role module's.
import { isActiveMember, isTwoFactorPending } from '../role/index.js';
export type { SessionActivityRow };
export type RevokeOptions = { except?: number; tx?: Conn };

// Ends the sessions the caller narrows this to that are still live.
const revokeLive = (tx: Conn, now: number) =>
  tx.updateTable('session').set({ revokedAt: now }).where('revokedAt', 'is', null);

// The change_counter row every write to a member's roles, a role's permissions or the permissions goes up by
// (triggers, migration 0068).
const ACCESS_COUNTER = 'access';

// The statement behind findLiveWithPerms, for one list of two-factor roles (the configuration's) and one read carried
// for the route (`carry`: the member's profile, with the member module's selection). `knownVersion` and
// `knownRole` are what the server read for this session last time (the access counter, the role it acts as, 0 for
// all roles): when both are still so, the permissions column is null and the set read then still holds (the
// counter and the role are read in this same statement, so nothing changed in between); else the permissions are
// read again. `batched` (PostgreSQL): the statement reads many sessions at once, each slot then an array (the token
// hashes, and each one's known counter and role at the same position), and names each row's token hash.
function liveSession(db: Db, twoFactorRoles: readonly string[], carry: Carry | undefined, batched: boolean) {
  const postgres = isPostgres(db);
  const hash = sql.ref('session.tokenHash');
  // The session's token hash is the slot's, or among the slot's (batched).
  const matches = (tokenHash: never) =>
    batched ? sql<boolean>`${hash} = any(cast(${tokenHash} as text[]))` : sql<boolean>`${hash} = ${tokenHash}`;
  // What the server knew of the session: the slot itself, or its element at the token hash's position (batched).
  const knownOf = (known: never, tokenHash: never) =>
    batched ? sql`(cast(${known} as bigint[]))[array_position(cast(${tokenHash} as text[]), ${hash})]` : sql`${known}`;
  const statement = (slot: Slots<'tokenHash' | 'knownVersion' | 'knownRole'>) =>
    db
      .selectFrom('session')
      .innerJoin('member', 'member.id', 'session.memberId')
      // With an active role (role switching) only that role counts, while the member still holds it (`held`);
      // once it is taken from them, all their roles count again.
      .leftJoin('memberRole as held', (j) =>
        j.onRef('held.memberId', '=', 'session.memberId').onRef('held.roleId', '=', 'session.activeRoleId'),
      )
      .leftJoin('changeCounter as access', (j) => j.on('access.name', '=', sql.lit(ACCESS_COUNTER)))
      .select((eb) => {
        const version = sql<number>`coalesce(${sql.ref('access.value')}, 0)`;
        const perms = eb
          .selectFrom('memberRole')
          .innerJoin('rolePermission', 'rolePermission.roleId', 'memberRole.roleId')
          .innerJoin('permission', 'permission.id', 'rolePermission.permissionId')
          .select(
            (postgres
              ? sql<string | null>`json_agg(${sql.ref('permission.perm')})::text`
              : sql<string | null>`json_group_array(${sql.ref('permission.perm')})`
            ).as('perms'),
          )
          .whereRef('memberRole.memberId', '=', 'session.memberId')
          .where((w) => w.or([w('held.roleId', 'is', null), w('memberRole.roleId', '=', w.ref('held.roleId'))]));
        return [
          // (Named apart from the member's columns, which the profile carried beside them has under their own names.)
          'session.id as sessionId',
          'session.memberId',
          'session.createdAt as sessionCreatedAt',
          'session.lastSeenAt',
          'session.expiresAt',
          'held.roleId as activeRoleId',
          'session.activeRoleId as chosenRoleId',
          version.as('accessVersion'),
          // The permission identifiers as one JSON array (text on both engines): one row however many there are;
          // null when the set read before for this session still holds.
          sql<string | null>`case when ${version} = ${knownOf(slot.knownVersion, slot.tokenHash)}
            and coalesce(${sql.ref('held.roleId')}, 0) = ${knownOf(slot.knownRole, slot.tokenHash)}
            then null else (${perms}) end`.as('perms'),
          // Holds a role that requires two-factor sign-in, without having it on (0/1 or a boolean): the role module's
          // rule, which a background job's owner is held to too.
          isTwoFactorPending(eb.ref('session.memberId'), twoFactorRoles).as('twoFactorPending'),
        ];
      })
      .$if(carry === 'profile', (q) => q.select((eb) => profileSelection(postgres ? 'postgres' : 'sqlite', eb)))
      .$if(batched, (q) => q.select('session.tokenHash as sessionTokenHash'))
      .where(matches(slot.tokenHash))
      .where('session.revokedAt', 'is', null)
      .where(isActiveMember());
  // (Lookups by key: PostgreSQL plans it once, decision 324.)
  return compileOnce(db, ['tokenHash', 'knownVersion', 'knownRole'], statement, { generic: true });
}
type LiveRow = Awaited<ReturnType<ReturnType<typeof liveSession>>>['rows'][number] & { sessionTokenHash?: string };

// What a server keeps of a session between its calls: the access counter and role it read the permissions at.
type Known = { version: number; role: number; perms: ReadonlySet<string> };
// Sessions whose permission sets a server keeps (the least recently used go first) and distinct permission sets
// (sessions of members with the same roles share one).
const SESSIONS_KEPT = 5000;
const SETS_KEPT = 200;

export function createSessionRepository(db: Db) {
  // On PostgreSQL the checks of calls that overlap are read together (lib/batch.ts): one statement, one round trip,
  // for every session asked while the one before was on its way (decision 312). SQLite answers at once, one by one.
  const batched = isPostgres(db);
  type Read = { row: LiveRow; before: Known | undefined };
  const liveReads = new Map<string, (tokenHash: string) => Promise<Read | undefined>>();
  const known = new Lru<string, Known>(SESSIONS_KEPT);
  const sets = new Lru<string, ReadonlySet<string>>(SETS_KEPT);
  // The set an array of permissions (JSON text) stands for, one object for each distinct text.
  const setOf = (json: string | null): ReadonlySet<string> => {
    const text = json ?? '[]';
    let set = sets.get(text);
    if (!set) {
      // PostgreSQL's json_agg over no rows is null; SQLite's json_group_array is '[]'.
      const list = JSON.parse(text) as (string | null)[];
      set = new Set(list.filter((p): p is string => p !== null));
      sets.set(text, set);
    }
    return set;
  };
  // The reader for one statement: a session's row with what the server knew of it when the statement was sent.
  const readerFor = (twoFactorRoles: readonly string[], carry: Carry | undefined) => {
    const run = liveSession(db, twoFactorRoles, carry, batched);
    if (!batched)
      return async (tokenHash: string): Promise<Read | undefined> => {
        const before = known.get(tokenHash);
        const values = { tokenHash, knownVersion: before?.version ?? -1, knownRole: before?.role ?? -1 };
        const row: LiveRow | undefined = (await run(values)).rows[0];
        return row && { row, before };
      };
    return batchByKey<string, Read>(async (tokenHashes) => {
      const befores = tokenHashes.map((h) => known.get(h));
      const beforeOf = new Map(tokenHashes.map((h, i) => [h, befores[i]]));
      const rows: LiveRow[] = (
        await run({
          tokenHash: tokenHashes,
          knownVersion: befores.map((b) => b?.version ?? -1),
          knownRole: befores.map((b) => b?.role ?? -1),
        })
      ).rows;
      return new Map(rows.map((row) => [row.sessionTokenHash!, { row, before: beforeOf.get(row.sessionTokenHash!) }]));
    });
  };
  const touch = compileOnce(db, ['id', 'now'], (slot) =>
    db.updateTable('session').set({ lastSeenAt: slot.now }).where('id', '=', slot.id),
  );
  return {
    async insert(
      row: {
        tokenHash: string;
        memberId: number;
        now: number;
        expiresAt: number;
        ip: string | null;
        userAgent: string | null;
      },
      tx: Conn = db,
    ) {
      await tx
        .insertInto('session')
        .values({
          tokenHash: row.tokenHash,
          memberId: row.memberId,
          createdAt: row.now,
          lastSeenAt: row.now,
          expiresAt: row.expiresAt,
          ip: row.ip,
          userAgent: row.userAgent,
        })
        .execute();
    },

    // A live session of an active, not deleted staff member, with the permissions its member holds through their
    // roles and whether a role requiring two-factor sign-in waits for it, in one statement and one row: one snapshot,
    // so a session closed while the check runs is either read live with its permissions or not at all (401) — never
    // live without them (a 403 that should be a 401). The session, the member's state and two-factor are read fresh
    // on every call; the permission set is kept per session and read again whenever the access counter (read in the
    // same statement) or the role the session acts as has changed, so a revocation, a role change or a deactivation
    // applies on the member's next request on every server (decision 224). Compiled once, kept prepared (issue 43).
    // `carry` adds the read the route asked for (its columns come back as `carried`).
    async findLiveWithPerms(
      tokenHash: string,
      twoFactorRoles: readonly string[] = [],
      carry?: Carry,
    ): Promise<
      | {
          session: SessionRow;
          perms: ReadonlySet<string>;
          isTwoFactorPending: boolean;
          carried?: Readonly<Record<string, unknown>>;
        }
      | undefined
    > {
      const key = `${carry ?? ''}|${twoFactorRoles.join('\n')}`;
      let read = liveReads.get(key);
      if (!read) {
        read = readerFor(twoFactorRoles, carry);
        liveReads.set(key, read);
      }
      const found = await read(tokenHash);
      if (!found) {
        known.delete(tokenHash);
        return undefined;
      }
      const { row, before } = found;
      // The carried read is the row itself, the session's columns beside its own (named apart): a rest pattern
      // (`{ sessionId, …, ...carried }`) copied the row's twenty-odd fields for 6 µs a call on Node 20 (decision 297).
      const { perms, twoFactorPending, accessVersion } = row;
      const session = {
        id: row.sessionId,
        memberId: row.memberId,
        createdAt: row.sessionCreatedAt,
        lastSeenAt: row.lastSeenAt,
        expiresAt: row.expiresAt,
        activeRoleId: row.activeRoleId,
        chosenRoleId: row.chosenRoleId,
      };
      const role = session.activeRoleId ?? 0;
      const version = Number(accessVersion);
      let set: ReadonlySet<string>;
      if (perms === null && before && before.version === version && before.role === role) set = before.perms;
      else {
        set = setOf(perms);
        known.set(tokenHash, { version, role, perms: set });
      }
      return {
        session,
        perms: set,
        isTwoFactorPending: Boolean(twoFactorPending),
        ...(carry ? { carried: row as Readonly<Record<string, unknown>> } : {}),
      };
    },

    async touch(id: number, now: number) {
      await touch({ id, now });
    },

    async revoke(id: number, now: number) {
      await revokeLive(db, now).where('id', '=', id).execute();
    },

    // Every live session of the member but `except`; `tx` joins the caller's transaction (a password change).
    async revokeAllOf(memberId: number, now: number, { except, tx = db }: RevokeOptions = {}) {
      let q = revokeLive(tx, now).where('memberId', '=', memberId);
      if (except !== undefined) q = q.where('id', '!=', except);
      await q.execute();
    },

    // A member's latest sessions, newest first (the member view).
    recentOf: (memberId: number, limit: number): Promise<SessionActivityRow[]> =>
      db
        .selectFrom('session')
        .select([
          'session.id',
          'session.createdAt',
          'session.lastSeenAt',
          'session.expiresAt',
          'session.revokedAt',
          'session.ip',
          'session.userAgent',
        ])
        .where('session.memberId', '=', memberId)
        .orderBy('session.createdAt', 'desc')
        .orderBy('session.id', 'desc')
        .limit(limit)
        .execute(),

    // Role switching: the session acts as `roleId` (null: all roles) if the member holds it, in one conditional
    // update; false when they do not hold it.
    async setActiveRole(sessionId: number, memberId: number, roleId: number | null): Promise<boolean> {
      let q = db.updateTable('session').set({ activeRoleId: roleId }).where('id', '=', sessionId);
      if (roleId !== null)
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('memberRole')
              .select('memberRole.roleId')
              .where('memberRole.memberId', '=', memberId)
              .where('memberRole.roleId', '=', roleId),
          ),
        );
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
