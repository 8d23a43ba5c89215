import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { addYears, Code, RETENTION_KEYS, retentionValue, ukDay } from '@study-crm/shared';
import type { ErasurePlan, ErasureResult } from '@study-crm/shared';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { Tx } from '../../db/transaction.js';
import type { ErasureLine, ErasureRefusal, ErasureSubject, PersonalDataPart } from '../../db/personal-data.js';
import type { Actor } from '../role/index.js';
import type { ErasureRepository } from './erasure.repository.js';

// The pseudonym of an erased member: stable (the same for one member id), never derived from a personal value.
export function pseudonymOf(memberId: number): string {
  return `Erased person #${createHash('sha256').update(`erased-person:${memberId}`).digest('hex').slice(0, 10)}`;
}

// The first day (YYYY-MM-DD) of the accounting period that ends today: today's UK day (payments are dated by UK days)
// that many calendar years back, 29 February falling back to the 28th.
export const periodStart = (now: number, years: number): string => addYears(ukDay(now), -years);

const REFUSAL_KEY = {
  openApplication: 'v.erasureOpenApplication',
  unconfirmedPayment: 'v.erasureUnconfirmedPayment',
} as const;

// People the retention run erases in one transaction: the parts that work for everyone at once (the audit archive's
// files) do so once for them all; a bound on the transaction's length (on SQLite the one writer, decision 375).
const RETENTION_BATCH = 100;

const refuse = (r: ErasureRefusal) => badRequest('id', REFUSAL_KEY[r.reason], { ids: r.ids.slice(0, 10).join(', ') });

export function createErasureService(deps: {
  repo: ErasureRepository;
  // Every module's share, in order: the member first (it finds the person), the audit log last (it scrubs what
  // the others found).
  parts: readonly PersonalDataPart[];
  // Stored files go after the commit (a rolled-back erasure keeps them), unless a record of any module still keeps
  // them (`keptAnywhere`, the orphan sweep's check, asked after the commit: a payment's receipt the person's e-mail
  // also attached stays, decision 377).
  removeStored: (storedName: string) => Promise<void>;
  keptAnywhere: (storedNames: readonly string[]) => Promise<Set<string>>;
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

  const keepYears = async () =>
    retentionValue(RETENTION_KEYS.paymentKeep, await deps.config(RETENTION_KEYS.paymentKeep.key));

  function subjectOf(memberId: number, years: number): ErasureSubject {
    const now = clock.now();
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
  const subject = async (memberId: number) => subjectOf(memberId, await keepYears());

  // The house rule for calls that act on accounts: never more than the caller holds (7954).
  async function assertWithinCaller(actor: Actor, memberId: number, tx?: Tx) {
    const missing = await deps.beyondCaller(actor, memberId, tx);
    if (missing.length) throw new AppError(Code.ERASE_BEYOND_OWN, undefined, { perms: missing.slice(0, 5).join(', ') });
  }

  // After the commit, each stored file on its own: one the storage fails to remove (S3 out of reach) is logged and
  // left to the orphan sweep (no row references it any more), never failing the committed erasure or the retention
  // run. A file another record still keeps stays. `of` names whose files they were in the log (`memberId`, or
  // `memberIds` for files of several). Returns the files removed.
  async function removeCommitted(
    of: { memberId: number } | { memberIds: number[] },
    storedNames: readonly string[],
  ): Promise<number> {
    let removed = 0;
    let kept: Set<string>;
    try {
      kept = storedNames.length ? await deps.keptAnywhere(storedNames) : new Set();
    } catch (err) {
      deps.log.warn({ err, ...of }, 'erased files not checked for other holders; the orphan sweep will remove them');
      return 0;
    }
    for (const storedName of storedNames) {
      if (kept.has(storedName)) continue;
      try {
        await deps.removeStored(storedName);
        removed++;
      } catch (err) {
        deps.log.warn({ err, ...of, storedName }, 'erased file not removed from storage; the orphan sweep will');
      }
    }
    return removed;
  }

  // One transaction of the retention run's erasures: each person in a savepoint of their own, skipped (nothing of
  // theirs written) when erased already, gone, or refused; then the parts that work for all at once, for those
  // erased. A failure other than a refusal stops the batch there: the people before it are committed and the failure
  // is handed back, to be thrown after the commit (as when each person had a transaction of their own).
  const eraseBatch = (subjects: readonly ErasureSubject[]) =>
    repo.transaction((tx) =>
      repo.guarded(tx, subjects[0]!.now, async () => {
        const erased: { s: ErasureSubject; lines: ErasureLine[]; storedNames: string[] }[] = [];
        let failure: { err: unknown } | null = null;
        for (const s of subjects) {
          try {
            const own = await repo.attempt(tx, async () => {
              if (!(await repo.claim(tx, s.memberId, s.pseudonym, null, s.now))) throw new AppError(Code.PERSON_ERASED);
              const refusals = await repo.survey(parts, s, tx);
              if (!s.exists) throw notFound();
              if (refusals[0]) throw refuse(refusals[0]);
              return repo.eraseApart(tx, parts, s);
            });
            erased.push({ s, ...own });
          } catch (err) {
            if (err instanceof AppError) continue;
            failure = { err };
            break;
          }
        }
        const together = await repo.eraseTogether(
          tx,
          parts,
          erased.map((e) => e.s),
        );
        return { erased, together, failure };
      }),
    );

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

    // The retention job's erasure of people past their period (decision 375): as `erase`, by no one,
    // RETENTION_BATCH people to a transaction, so the audit archive's files are read once for each batch, not once a
    // person. A person erased already or still refused is skipped (nothing of theirs written; the next run tries
    // again). Returns each person erased with their lines (their own counts, the archive's as if erased one after
    // the other) and the files removed after the commits (a file the storage fails to remove is logged, not thrown:
    // the run goes on). A batch refused as a whole (its archive files out of reach, 9005) is skipped like a refusal.
    async eraseManyForRetention(
      memberIds: readonly number[],
    ): Promise<{ erased: { memberId: number; pseudonym: string; items: ErasureLine[] }[]; filesRemoved: number }> {
      const ids = [...new Set(memberIds)];
      const years = ids.length ? await keepYears() : 0;
      const out: { memberId: number; pseudonym: string; items: ErasureLine[] }[] = [];
      let filesRemoved = 0;
      for (let i = 0; i < ids.length; i += RETENTION_BATCH) {
        let done;
        try {
          done = await eraseBatch(ids.slice(i, i + RETENTION_BATCH).map((id) => subjectOf(id, years)));
        } catch (err) {
          if (err instanceof AppError) continue;
          throw err;
        }
        for (const [k, { s, lines, storedNames }] of done.erased.entries()) {
          filesRemoved += await removeCommitted({ memberId: s.memberId }, storedNames);
          out.push({
            memberId: s.memberId,
            pseudonym: s.pseudonym,
            items: [...lines, ...(done.together.lines[k] ?? [])],
          });
        }
        const memberIds = done.erased.map((e) => e.s.memberId);
        filesRemoved += await removeCommitted({ memberIds }, done.together.storedNames);
        if (done.failure) throw done.failure.err;
      }
      return { erased: out, filesRemoved };
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
      const removed = await removeCommitted({ memberId }, done.storedNames);
      return { memberId, pseudonym: s.pseudonym, items: done.lines, filesRemoved: removed };
    },
  };
}
export type ErasureService = ReturnType<typeof createErasureService>;
