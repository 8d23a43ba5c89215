import {
  Code,
  isValidMobile,
  normalizeAreaCode,
  normalizeMobile,
  type Member,
  type MemberLabel,
  type MemberAddBody,
  type MemberCount,
  type MemberListItem,
  type MemberListQuery,
  type MemberType,
  type MemberUpdateBody,
  type MemberView,
  type Page,
  type ProfileData,
} from '@study-crm/shared';
import { AppError, badRequest, found } from '../../http/errors.js';
import type { Conn, Tx } from '../../db/transaction.js';
import { isForeignKeyViolation } from '../../db/sql-helpers.js';
import type { Clock } from '../../lib/clock.js';
import { nextCursorOf, pageResult, pageWindow, readCursor } from '../../lib/paging.js';
import type { SessionActivityRow } from './member.mapper.js';
import type { AccessGuard, Actor } from '../role/index.js';
import type { SetPassword } from './passwords.js';
import { lowerEmail, memberMobile } from './contact.js';
import { groupRoles, toMember, toMemberSession, toProfile } from './member.mapper.js';
import {
  profileFrom,
  uniqueViolation,
  type MemberRepository,
  type ProfileColumns,
  type MemberRow,
  type MemberValues,
  type UniqueField,
} from './member.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const RECENT_SESSIONS = 10;

export type { Actor };
export type ListDefaults = { memberType?: MemberType | readonly MemberType[] };

type Contact = { email: string | null; areaCode: string | null; mobile: string | null };

const conflict = (field: UniqueField): AppError =>
  field === 'email'
    ? new AppError(Code.EMAIL_EXISTS)
    : field === 'mobile'
      ? new AppError(Code.MOBILE_EXISTS)
      : badRequest('loginName', 'v.taken');

// E-mail trimmed and lower-cased; mobile without separators or trunk zero, with its area code (400 names the field).
function checkContact(email: string | null, areaCodeIn: string | null, mobileIn: string | null): Contact {
  if (!mobileIn) return { email, areaCode: null, mobile: null };
  const areaCode = normalizeAreaCode(areaCodeIn);
  if (!areaCode) throw badRequest('areaCode', areaCodeIn ? 'v.format' : 'v.required');
  if (!isValidMobile(areaCode, mobileIn)) throw badRequest('mobile', 'v.mobile');
  return { email, areaCode, mobile: normalizeMobile(areaCode, mobileIn) };
}

// One's own sign-in details change only on the Account binding page, where a code sent to the address confirms it:
// through the staff screens a stolen session could put the thief's address on the account, then reset its password
// ("forgot password"). The same values sent back (an edit form sends them all) pass; 400 names the first change.
function assertOwnContactKept(
  current: Contact & { loginName: string | null },
  next: Contact,
  loginName: string | null,
) {
  const mobile = memberMobile(current.areaCode, current.mobile);
  const changed =
    next.email !== lowerEmail(current.email)
      ? 'email'
      : next.mobile !== mobile
        ? 'mobile'
        : next.mobile && next.areaCode !== normalizeAreaCode(current.areaCode)
          ? 'areaCode'
          : loginName !== current.loginName
            ? 'loginName'
            : null;
  if (changed) throw badRequest(changed, 'v.ownContact');
}

// Update semantics: undefined keeps the stored value, null (an empty form field) clears it.
const pick = <T>(next: T | undefined, current: T): T => (next === undefined ? current : next);

// An edit's contact: the e-mail, area code and mobile it names, the stored ones for the others, checked.
const contactOf = (body: MemberUpdateBody, current: MemberRow): Contact =>
  checkContact(
    body.email === undefined ? current.email : lowerEmail(body.email),
    pick(body.areaCode, current.areaCode),
    pick(body.mobile, current.mobile),
  );

// The name fields an edit writes as sent (null clears).
const EDITED_NAMES = ['engLastName', 'engFirstName', 'fullName', 'nickName', 'avatar'] as const;

// Fields a member edits on their own profile: absent keeps, empty clears.
export type OwnNames = Partial<
  Record<'nickName' | 'fullName' | 'engLastName' | 'engFirstName' | 'avatar', string | null | undefined>
>;

export function createMemberService(deps: {
  repo: MemberRepository;
  // The member's sessions, kept by auth (which signs in through this module): read and ended, nothing more.
  sessions: {
    recentOf(memberId: number, limit: number): Promise<SessionActivityRow[]>;
    closeAllOf(memberId: number): Promise<unknown>;
  };
  clock: Clock;
  guard: AccessGuard;
  // The labels of a page of members (the label module's front door), in each member's label order.
  labelsOf: (memberIds: readonly number[]) => Promise<Map<number, MemberLabel[]>>;
  // The one password writer (passwords.ts).
  setPassword: SetPassword;
}) {
  const { repo, sessions, clock, guard, labelsOf, setPassword } = deps;

  async function withRoles(rows: MemberRow[]): Promise<Member[]> {
    const roles = groupRoles(await repo.rolesOf(rows.map((r) => r.id)));
    return rows.map((r) => toMember(r, roles.get(r.id) ?? []));
  }

  async function checkRoles(roleIds: readonly number[], memberType: MemberType): Promise<number[]> {
    const ids = [...new Set(roleIds)];
    if (memberType === 'staff' && !ids.length) throw badRequest('roleIds', 'v.roleRequired');
    if ((await repo.existingRoleIds(ids)).length !== ids.length) throw badRequest('roleIds', 'v.roleUnknown');
    return ids;
  }

  // The member's values another live member holds (`stored`: the member's own as they are, for an edit; `tx`: read on
  // the caller's transaction). Sign-in by name takes a login name or an e-mail, so neither may be the other's of
  // another member (400 naming the field): a login name "v@example.test" beside member V's e-mail signed in as
  // whichever row came first. Those two are asked only of a value that changes, so an edit of an account that was
  // saved so before is not refused for the value it keeps.
  async function checkUnique(
    c: Contact,
    loginName: string | null,
    stored?: Pick<MemberRow, 'id' | 'email' | 'loginName'>,
    tx?: Conn,
  ) {
    const exceptId = stored?.id;
    if (c.email && (await repo.emailTaken(c.email, exceptId, tx))) throw conflict('email');
    if (c.email && c.email !== stored?.email && (await repo.heldAsLoginName(c.email, exceptId, tx)))
      throw badRequest('email', 'v.taken');
    if (c.mobile && c.areaCode && (await repo.mobileTaken(c.areaCode, c.mobile, exceptId, tx)))
      throw conflict('mobile');
    if (loginName && (await repo.loginNameTaken(loginName, exceptId, tx))) throw conflict('loginName');
    if (loginName && loginName !== stored?.loginName && (await repo.heldAsEmail(loginName, exceptId, tx)))
      throw conflict('loginName');
  }

  // An edit as it applies to the member as `current` holds them. It writes only the fields the call names (absent
  // keeps the stored value, empty clears it; the area code and mobile as a pair): a field it does not name is never
  // written back from a read, so a deactivation or a change of e-mail committed meanwhile stands. The refusals that
  // depend on the stored values are made here: one's own sign-in details, one's own deactivation, values another
  // member holds. Answers the values and the member's status and type after the write.
  async function editOf(body: MemberUpdateBody, actor: Actor, current: MemberRow, tx?: Conn) {
    const memberType = body.memberType ?? current.memberType;
    const status = body.status ?? current.status;
    const contact = contactOf(body, current);
    const loginName = pick(body.loginName, current.loginName);
    if (actor.id === current.id) assertOwnContactKept(current, contact, loginName);
    const deactivating = current.status === 'active' && (status !== 'active' || memberType !== 'staff');
    if (deactivating && actor.id === current.id) throw new AppError(Code.MEMBER_SELF_PROTECTED);
    await checkUnique(contact, loginName, current, tx);
    const values: MemberValues = {};
    if (body.email !== undefined) values.email = contact.email;
    if (body.areaCode !== undefined || body.mobile !== undefined) {
      values.areaCode = contact.areaCode;
      values.mobile = contact.mobile;
    }
    if (body.loginName !== undefined) values.loginName = loginName;
    if (body.status) values.status = body.status;
    if (body.memberType) values.memberType = body.memberType;
    if (body.identityStatus) values.identityStatus = body.identityStatus;
    for (const key of EDITED_NAMES) if (body[key] !== undefined) values[key] = body[key];
    return { values, status, memberType };
  }

  // The last active administrator must stay one: refuse a change that would leave none.
  async function guardLastAdmin(tx: Tx, memberId: number, staysAdmin: boolean) {
    if (staysAdmin) return;
    const admins = await repo.activeAdminIds(tx);
    if (admins.includes(memberId) && admins.length === 1) throw new AppError(Code.LAST_ADMIN);
  }

  // The member's row locked, then the access guard's check made on this transaction (decision 366): a grant of a role
  // to the member commits before it (and is seen) or waits for this write; so does an edit of the permissions of the
  // member's roles, whose rows the check holds (decision 373). The calls check once before, too, so a refusal comes
  // before any other answer and before a password is hashed; this check closes the race. Lock order: the
  // last-administrator rule's rows when taken, the member, then their roles with those `giving` gives them, in one id
  // order (as the role module's changes).
  async function holdToManage(tx: Tx, actor: Actor, memberId: number, giving?: readonly number[]) {
    await repo.lock(tx, memberId);
    await guard.assertCanManageMember(actor, memberId, tx, giving);
  }

  // Unique indexes back the checks above when two requests race; a role deleted since checkRoles is refused as it
  // would have been (the member row exists: the only foreign key these writes can miss is a role's; decision 367).
  async function mapUnique<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const field = uniqueViolation(err);
      if (field) throw conflict(field);
      if (isForeignKeyViolation(err)) throw badRequest('roleIds', 'v.roleUnknown');
      throw err;
    }
  }

  async function get(id: number): Promise<MemberRow> {
    const row = found(await repo.byId(id));
    return row;
  }

  const service = {
    async list(
      query: MemberListQuery,
      defaults: ListDefaults = {},
    ): Promise<Page<MemberListItem> & { nextCursor: string | null }> {
      const w = pageWindow(query);
      const filter = {
        keyword: query.keyword,
        status: query.status,
        identityStatus: query.identityStatus,
        roleId: query.roleId,
        memberType: query.memberType ?? defaults.memberType,
      };
      // sortField is the canonical name on every list; sortBy is this list's older name, still accepted.
      const order = { sortBy: query.sortField ?? query.sortBy ?? 'createdAt', order: w.order } as const;
      let after: { createdAt: number; id: number } | null = null;
      if (query.cursor) {
        if (order.sortBy !== 'createdAt') throw badRequest('cursor', 'v.format');
        const { key, id } = readCursor(query.cursor);
        after = { createdAt: Number(key), id };
      }
      // (On PostgreSQL the page's statement has read the labels too: decision 291.)
      const { rows, total, roles, labels: carried } = await repo.listPage(filter, order, w.limit, w.offset, after);
      const nextCursor = order.sortBy === 'createdAt' ? nextCursorOf(rows, w.limit, (r) => r.createdAt) : null;
      const labels = carried ?? (await labelsOf(rows.map((r) => r.id)));
      const rolesOf = groupRoles(roles);
      return {
        ...pageResult(
          rows.map((r) => Object.assign(toMember(r, rolesOf.get(r.id) ?? []), { labels: labels.get(r.id) ?? [] })),
          total,
          w,
        ),
        nextCursor,
      };
    },

    async view(id: number): Promise<MemberView> {
      const row = await get(id);
      const [member] = await withRoles([row]);
      const sessionsOf = await sessions.recentOf(id, RECENT_SESSIONS);
      const now = clock.now();
      return { ...member!, recentSessions: sessionsOf.map((s) => toMemberSession(s, now)) };
    },

    async add(body: MemberAddBody, actor: Actor): Promise<Member> {
      const memberType = body.memberType ?? 'staff';
      const contact = checkContact(lowerEmail(body.email), body.areaCode ?? null, body.mobile ?? null);
      const roleIds = await checkRoles(body.roleIds ?? [], memberType);
      await guard.assertCanGrantRoles(actor, roleIds);
      const loginName = body.loginName ?? null;
      await checkUnique(contact, loginName);
      const writePassword = await setPassword(body.password, { clearLock: false });
      const now = clock.now();
      const id = await mapUnique(() =>
        repo.transaction(async (tx) => {
          // The roles given checked again on this transaction, their rows held (decision 373), as `update` does: an
          // edit widening one of them commits before the check reads it (403) or waits for this write.
          await guard.assertCanGrantRoles(actor, roleIds, tx);
          const newId = await repo.insert(
            tx,
            {
              ...contact,
              loginName,
              memberType,
              status: body.status ?? 'active',
              identityStatus: body.identityStatus ?? 'unverified',
              engLastName: body.engLastName ?? null,
              engFirstName: body.engFirstName ?? null,
              fullName: body.fullName ?? null,
              nickName: body.nickName ?? null,
              avatar: body.avatar ?? null,
            },
            now,
          );
          await repo.writePassword(tx, writePassword, newId);
          await repo.setRoles(tx, newId, roleIds);
          return newId;
        }),
      );
      return (await withRoles([await get(id)]))[0]!;
    },

    async update(body: MemberUpdateBody, actor: Actor): Promise<Member> {
      // The member as first read: the checks made before the transaction, in the answers' order (404, 403, 400 …),
      // none of them written back. The transaction checks again on the row read under the member's lock.
      const before = await get(body.id);
      await guard.assertCanManageMember(actor, before.id);
      const memberType = body.memberType ?? before.memberType;
      contactOf(body, before);
      // Roles are written only when the call names them (decision 366): an edit of the other fields (a status toggle,
      // a name) leaves the member_role rows alone, so a change of roles made meanwhile stands. Without them, the
      // current roles are still checked (a member made staff needs one).
      const rolesGiven = body.roleIds !== undefined;
      const roleIds = await checkRoles(
        rolesGiven ? (body.roleIds ?? []) : (await repo.rolesOf([before.id])).map((r) => r.id),
        memberType,
      );
      if (rolesGiven) await guard.assertCanGrantRoles(actor, roleIds);
      await editOf(body, actor, before);

      // What the call names decides whether the member stays an active administrator: a status, a type or roles it
      // does not name stay as they are, so the rule (which reads the administrators on the transaction) refuses only
      // a change that takes the member out of their number.
      const adminRoleId = rolesGiven ? await repo.adminRoleId() : undefined;
      const staysAdmin =
        (body.status ?? 'active') === 'active' &&
        (body.memberType ?? 'staff') === 'staff' &&
        (!rolesGiven || (adminRoleId !== undefined && roleIds.includes(adminRoleId)));
      const after = await mapUnique(() =>
        repo.transaction(async (tx) => {
          await guardLastAdmin(tx, before.id, staysAdmin);
          await holdToManage(tx, actor, before.id, rolesGiven ? roleIds : undefined);
          if (rolesGiven) await guard.assertCanGrantRoles(actor, roleIds, tx);
          // The member as they stand under the lock (a deactivation or a new e-mail committed since the first read
          // included): its values decide the refusals and the sessions closed.
          const edit = await editOf(body, actor, found(await repo.rowOn(tx, before.id)), tx);
          await repo.update(before.id, edit.values, clock.now(), tx);
          if (rolesGiven) await repo.setRoles(tx, before.id, roleIds);
          return edit;
        }),
      );
      // After the commit: the member's next call is refused (the session lookup also checks the status).
      if (after.status !== 'active' || after.memberType !== 'staff') await sessions.closeAllOf(before.id);
      return (await withRoles([await get(before.id)]))[0]!;
    },

    updateStatus: (id: number, status: 'active' | 'inactive', actor: Actor) => service.update({ id, status }, actor),

    // The member's type (404 for an unknown or removed member): lists of one type refuse the other's rows.
    async memberTypeOf(id: number): Promise<MemberType> {
      return (await get(id)).memberType;
    },

    // Whether an e-mail and a mobile are free for this member (or a new one): the same rules and codes as a save
    // (400 for a malformed value, 5403 e-mail taken, 5402 mobile taken), for a form's check before it saves.
    async checkContactFree(c: {
      id?: number | null;
      email?: string | null;
      areaCode?: string | null;
      mobile?: string | null;
    }): Promise<{ available: true }> {
      const contact = checkContact(c.email ? lowerEmail(c.email) : null, c.areaCode ?? null, c.mobile ?? null);
      // The member's own e-mail, which a save keeps without asking whether it is another's login name.
      const stored = c.id ? { id: c.id, email: (await repo.byId(c.id))?.email ?? null, loginName: null } : undefined;
      await checkUnique(contact, null, stored);
      return { available: true };
    },

    async remove(id: number, actor: Actor): Promise<null> {
      const current = await get(id);
      if (actor.id === current.id) throw new AppError(Code.MEMBER_SELF_PROTECTED);
      await guard.assertCanManageMember(actor, current.id);
      await repo.transaction(async (tx) => {
        await guardLastAdmin(tx, current.id, false);
        await holdToManage(tx, actor, current.id);
        await repo.softDelete(tx, current.id, clock.now());
      });
      await sessions.closeAllOf(current.id);
      return null;
    },

    // Also lifts a sign-in lock; the member's sessions end. Never the caller's own account: that password changes in
    // the user centre, with the current one and its attempt limit, which a stolen session alone does not pass.
    async setPassword(id: number, password: string, actor: Actor): Promise<null> {
      const current = await get(id);
      if (actor.id === current.id) throw badRequest('id', 'v.ownPassword');
      await guard.assertCanManageMember(actor, current.id);
      // Hashed first (tens of milliseconds, outside any transaction); the check is made again under the member's lock
      // with the write: a grant of a role committed while hashing is seen (decision 366).
      const write = await setPassword(password, { clearLock: true });
      await repo.transaction(async (tx) => {
        await holdToManage(tx, actor, current.id);
        await write(current.id, tx);
      });
      await sessions.closeAllOf(current.id);
      return null;
    },

    async addEmail(memberId: number, emailIn: string, actor: Actor): Promise<Member> {
      const email = lowerEmail(emailIn);
      // Checked on the member as first read, then again on the row under the member's lock (as `update`).
      const check = async (current: MemberRow, tx?: Conn) => {
        if (actor.id === current.id && email !== lowerEmail(current.email)) throw badRequest('email', 'v.ownContact');
        await checkUnique({ email, areaCode: null, mobile: null }, null, current, tx);
      };
      const before = await get(memberId);
      await guard.assertCanManageMember(actor, before.id);
      await check(before);
      await mapUnique(() =>
        repo.transaction(async (tx) => {
          await holdToManage(tx, actor, before.id);
          await check(found(await repo.rowOn(tx, before.id)), tx);
          await repo.update(before.id, { email }, clock.now(), tx);
        }),
      );
      return (await withRoles([await get(before.id)]))[0]!;
    },

    // The last active administrator stays one (5431) through another module's change of a member's roles, in its
    // transaction and under the same locks (the role module's updateMemberRoles; it keeps no administrator role).
    keepsActiveAdmin: (tx: Tx, memberId: number): Promise<void> => guardLastAdmin(tx, memberId, false),

    // The member's row held on another module's transaction (erasure), after keepsActiveAdmin when both are taken:
    // its access check, made next on that transaction, stays true until the write (decision 366).
    lock: (tx: Tx, memberId: number): Promise<void> => repo.lock(tx, memberId),

    counts: (): Promise<MemberCount> => repo.counts(clock.now() - 30 * DAY_MS),

    // The user state of the caller; activeRoleId is the session's role (role switching), null for all roles. Read by
    // the session check when the route carries it (`carry: 'profile'`), else here.
    async profile(caller: {
      id: number;
      activeRoleId?: number | null;
      carried?: Readonly<Record<string, unknown>>;
      sessionLimits: ProfileData['session'];
    }): Promise<ProfileData> {
      const { row, roles, walletAddress } = caller.carried
        ? profileFrom(caller.carried as ProfileColumns)
        : found(await repo.profileOf(caller.id));
      const roleRefs = groupRoles(roles).get(row.id) ?? [];
      return toProfile(row, roleRefs, caller.activeRoleId ?? null, { walletAddress }, caller.sessionLimits);
    },

    roleOptions: () => repo.roleOptions(),

    // The caller's own account as the user centre shows it (identity status included).
    async ownAccount(memberId: number): Promise<Member> {
      return (await withRoles([await get(memberId)]))[0]!;
    },

    // The caller edits their own names and avatar (user centre); contact fields change only through binding.
    async updateOwnNames(memberId: number, names: OwnNames): Promise<void> {
      const current = await get(memberId);
      const values: MemberValues = {};
      for (const key of ['nickName', 'fullName', 'engLastName', 'engFirstName', 'avatar'] as const) {
        if (names[key] !== undefined) values[key] = pick(names[key], current[key]);
      }
      if (Object.keys(values).length) await repo.update(memberId, values, clock.now());
    },
  };
  return service;
}
export type MemberService = ReturnType<typeof createMemberService>;
