import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { AuthMember, Carry } from '../../http/context.js';
import type { Clock } from '../../lib/clock.js';
import { sha256 } from '../../lib/hash.js';
import type { Conn } from '../../db/transaction.js';
import type { RevokeOptions, SessionRepository } from './session.repository.js';

// last_seen_at is written at most this often, so reads do not each cost a write.
const TOUCH_EVERY_MS = 60_000;

export function createSessionService(repo: SessionRepository, config: Config, clock: Clock) {
  return {
    // 256 random bits; only the SHA-256 of the token is stored. On `tx` when given (a second-factor sign-in opens it
    // in the transaction that takes its ticket).
    async open(memberId: number, meta: { ip: string | null; userAgent: string | null }, tx?: Conn): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const row = { tokenHash: sha256(token), memberId, now, expiresAt: now + config.sessionMaxMs, ...meta };
      await repo.insert(row, tx);
      return token;
    },

    // `carry`: a read the route asks to be made in the same statement (http/context.ts), handed over as `carried`.
    // `background`: a call no person asked for (a poll), which does not count as activity for the idle limit.
    async authenticate(token: string, carry?: Carry, background = false): Promise<AuthMember | null> {
      if (token.length > 200) return null;
      const hash = sha256(token);
      // One statement, one round trip: the session and its member's permissions read in the same snapshot.
      const live = await repo.findLiveWithPerms(hash, config.twoFactorRoles, carry);
      if (!live) return null;
      const { session, perms, isTwoFactorPending, carried } = live;
      const now = clock.now();
      if (now >= session.expiresAt || now - session.lastSeenAt >= config.sessionIdleMs) {
        await repo.revoke(session.id, now);
        return null;
      }
      if (!background && now - session.lastSeenAt >= TOUCH_EVERY_MS) await repo.touch(session.id, now);
      // The active role was taken from the member: the session falls back to all their roles for good.
      if (session.chosenRoleId !== null && session.activeRoleId === null)
        await repo.setActiveRole(session.id, session.memberId, null);
      return {
        id: session.memberId,
        sessionId: session.id,
        perms,
        activeRoleId: session.activeRoleId,
        isTwoFactorPending,
        // The fixed end as time left, not an instant: the browser's clock may be hours off the server's.
        sessionLimits: {
          idleSeconds: Math.floor(config.sessionIdleMs / 1000),
          endsInSeconds: Math.max(0, Math.floor((session.expiresAt - now) / 1000)),
        },
        ...(carried ? { carried } : {}),
      };
    },

    // Role switching (spec section 6): false when the member does not hold the role.
    setActiveRole: (member: AuthMember, roleId: number | null) =>
      repo.setActiveRole(member.sessionId, member.id, roleId),

    // The member's latest sessions, newest first.
    recentOf: (memberId: number, limit: number) => repo.recentOf(memberId, limit),

    close: (sessionId: number) => repo.revoke(sessionId, clock.now()),
    // Every session of the member (but `except`), in the caller's transaction when given `tx`.
    closeAllOf: (memberId: number, opts?: RevokeOptions) => repo.revokeAllOf(memberId, clock.now(), opts),
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
