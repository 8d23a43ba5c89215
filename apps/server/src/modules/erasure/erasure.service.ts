import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Code, RETENTION_KEYS, retentionValue } from '@study-crm/shared';
import type { ErasurePlan, ErasureResult } from '@study-crm/shared';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { Tx } from '../../db/transaction.js';
import type { ErasureRefusal, ErasureSubject, PersonalDataPart } from '../../db/personal-data.js';
import type { Actor } from '../role/index.js';
import type { ErasureRepository } from './erasure.repository.js';

// The pseudonym of an erased member: stable (the same for one member id), never derived from a personal value.
export function pseudonymOf(memberId: number): string {
  return `Erased person #${createHash('sha256').update(`erased-person:${memberId}`).digest('hex').slice(0, 10)}`;
}

// The first day (YYYY-MM-DD, UTC) of the accounting period that ends today.
export function periodStart(now: number, years: number): string {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

const REFUSAL_KEY = {
  openApplication: 'v.erasureOpenApplication',
  unconfirmedPayment: 'v.erasureUnconfirmedPayment',
} as const;

const refuse = (r: ErasureRefusal) => badRequest('id', REFUSAL_KEY[r.reason], { ids: r.ids.slice(0, 10).join(', ') });

export function createErasureService(deps: {
  repo: ErasureRepository;
  // Every module's share, in order: the member first (it finds the person), the audit log last (it scrubs what
  // the others found).
  parts: readonly PersonalDataPart[];
  // Stored files go after the commit (a rolled-back erasure keeps them).
  removeStored: (storedName: string) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  config: (key: string) => Promise<string | null>;
  // A staff member holding a permission the caller lacks is not the caller's to erase (decision 200): what they
  // hold beyond the caller (empty when nothing, and for students); on the erasure's transaction when given.
  beyondCaller: (actor: Actor, memberId: number, tx?: Tx) => Promise<string[]>;
  // The member module's front door (decision 366): the last active administrator stays one (5431), the
  // administrators' rows locked; then the member's row held, so the check above, made again after it, stays true.
  members: {
    keepsActiveAdmin: (tx: Tx, memberId: number) => Promise<void>;
    lock: (tx: Tx, memberId: number) => Promise<void>;
  };
  clock: Clock;
}) {
  const { repo, parts, clock } = deps;

  async function subject(memberId: number): Promise<ErasureSubject> {
    const now = clock.now();
    const years = retentionValue(RETENTION_KEYS.paymentKeep, await deps.config(RETENTION_KEYS.paymentKeep.key));
    const pseudonym = pseudonymOf(memberId);
    return {
      memberId,
      now,
      exists: false,
      pseudonym,
      pseudonymAddress: `${pseudonym.slice(pseudonym.indexOf('#') + 1)}@erased.invalid`,
      keepPaymentsFrom: periodStart(now, years),
      emails: new Set(),
      phones: new Set(),
      applicationIds: [],
      received: { email: [], sms: [] },
      values: new Set(),
      records: new Map(),
    };
  }

  // The house rule for calls that act on accounts: never more than the caller holds (7954).
  async function assertWithinCaller(actor: Actor, memberId: number, tx?: Tx) {
    const missing = await deps.beyondCaller(actor, memberId, tx);
    if (missing.length) throw new AppError(Code.ERASE_BEYOND_OWN, undefined, { perms: missing.slice(0, 5).join(', ') });
  }

  // After the commit, each stored file on its own: one the storage fails to remove (S3 out of reach) is logged and
  // left to the orphan sweep (no row references it any more), never failing the committed erasure or the retention
  // run. Returns the files removed.
  async function removeCommitted(memberId: number, storedNames: readonly string[]): Promise<number> {
    let removed = 0;
    for (const storedName of storedNames) {
      try {
        await deps.removeStored(storedName);
        removed++;
      } catch (err) {
        deps.log.warn({ err, memberId, storedName }, 'erased file not removed from storage; the orphan sweep will');
      }
    }
    return removed;
  }

  const keepYears = async () =>
    retentionValue(RETENTION_KEYS.paymentKeep, await deps.config(RETENTION_KEYS.paymentKeep.key));

  return {
    // The dry run: what each module will erase, anonymise or keep, and what stands in the way. Writes nothing.
    async plan(memberId: number, actor: Actor): Promise<ErasurePlan> {
      const callerId = actor.id;
      const erased = await repo.erasedAs(memberId);
      const s = await subject(memberId);
      const refusals = await repo.survey(parts, s);
      if (!s.exists) throw notFound();
      if (memberId === callerId) throw new AppError(Code.MEMBER_SELF_PROTECTED);
      if (!erased) await assertWithinCaller(actor, memberId);
      return {
        memberId,
        pseudonym: s.pseudonym,
        erased: !!erased,
        refusals: erased ? [] : refusals,
        items: erased ? [] : await repo.plan(parts, s),
        paymentKeepYears: await keepYears(),
      };
    },

    // The retention job's erasure of a person past their period: as `erase`, by no one; false (nothing written)
    // when they were erased already or something still stands in the way. Returns the files it removed otherwise
    // (a file the storage failed to remove is logged, not thrown: the run goes on).
    async eraseForRetention(memberId: number): Promise<number | false> {
      const s = await subject(memberId);
      let done;
      try {
        done = await repo.transaction(async (tx) => {
          if (!(await repo.claim(tx, memberId, s.pseudonym, null, s.now))) throw new AppError(Code.PERSON_ERASED);
          const refusals = await repo.survey(parts, s, tx);
          if (!s.exists) throw notFound();
          if (refusals[0]) throw refuse(refusals[0]);
          return repo.erase(tx, parts, s);
        });
      } catch (err) {
        if (err instanceof AppError) return false;
        throw err;
      }
      return removeCommitted(memberId, done.storedNames);
    },

    // Of these members, the ones already erased.
    erasedAmong: (ids: readonly number[]) => repo.erasedAmong(ids),

    // The erasure, in one transaction: refused while an application is open or a payment unconfirmed (400 naming
    // `id`), and once only (7960); a staff member holding a permission the caller lacks is refused (7954).
    async erase(memberId: number, actor: Actor): Promise<ErasureResult> {
      const callerId = actor.id;
      if (memberId === callerId) throw new AppError(Code.MEMBER_SELF_PROTECTED);
      await assertWithinCaller(actor, memberId);
      const s = await subject(memberId);
      const done = await repo.transaction(async (tx) => {
        // An erased member is inactive: the last active administrator stays one (5431), and what the member holds is
        // checked again under their lock (decision 366), in the member module's lock order.
        await deps.members.keepsActiveAdmin(tx, memberId);
        await deps.members.lock(tx, memberId);
        await assertWithinCaller(actor, memberId, tx);
        if (!(await repo.claim(tx, memberId, s.pseudonym, callerId, s.now))) throw new AppError(Code.PERSON_ERASED);
        const refusals = await repo.survey(parts, s, tx);
        if (!s.exists) throw notFound();
        if (refusals[0]) throw refuse(refusals[0]);
        return repo.erase(tx, parts, s);
      });
      const removed = await removeCommitted(memberId, done.storedNames);
      return { memberId, pseudonym: s.pseudonym, items: done.lines, filesRemoved: removed };
    },
  };
}
export type ErasureService = ReturnType<typeof createErasureService>;
