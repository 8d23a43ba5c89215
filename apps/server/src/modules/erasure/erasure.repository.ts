import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { runInTransaction, type Tx } from '../../db/transaction.js';
import { isUniqueViolation } from '../../db/sql-helpers.js';
import type { Conn } from '../../db/conn.js';
import {
  withLogGuard,
  type ErasureLine,
  type ErasureRefusal,
  type ErasureSubject,
  type PersonalDataPart,
} from '../../db/personal-data.js';

// The erased people (erased_person, migration 0053): one row per member, written first in the erasure's
// transaction, so of two erasures racing on one person the second meets the unique key and stops.
export function createErasureRepository(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => runInTransaction(db, fn),
    // What every part finds about the person, then what stands in the way (outside a transaction: the dry run).
    async survey(parts: readonly PersonalDataPart[], s: ErasureSubject, tx: Conn = db) {
      for (const p of parts) await p.collect?.(tx, s);
      const refusals: ErasureRefusal[] = [];
      for (const p of parts) refusals.push(...((await p.refusals?.(tx, s)) ?? []));
      return refusals;
    },
    async plan(parts: readonly PersonalDataPart[], s: ErasureSubject): Promise<ErasureLine[]> {
      const lines: ErasureLine[] = [];
      for (const p of parts) lines.push(...(await p.plan(db, s)));
      return lines;
    },
    // Every part's erasure, inside the log guard (the append-only logs are scrubbed too).
    async erase(tx: Tx, parts: readonly PersonalDataPart[], s: ErasureSubject) {
      return withLogGuard(tx, 'erasure', s.now, async () => {
        const lines: ErasureLine[] = [];
        const storedNames: string[] = [];
        for (const p of parts) {
          const r = await p.erase(tx, s);
          lines.push(...r.lines);
          storedNames.push(...(r.storedNames ?? []));
        }
        return { lines, storedNames: [...new Set(storedNames)] };
      });
    },
    // The retention run's erasure of several people in one transaction (decision 375): inside one log guard, each
    // person in a savepoint of their own (`attempt`: what they wrote goes back when they are refused or fail), every
    // part but those that work for all of them at once (`eraseApart`), then those once (`eraseTogether`).
    guarded: <T>(tx: Tx, now: number, fn: () => Promise<T>) => withLogGuard(tx, 'erasure', now, fn),
    async attempt<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
      await sql`savepoint erase_person`.execute(tx);
      let result: T;
      try {
        result = await fn();
      } catch (err) {
        await sql`rollback to savepoint erase_person`.execute(tx);
        await sql`release savepoint erase_person`.execute(tx);
        throw err;
      }
      await sql`release savepoint erase_person`.execute(tx);
      return result;
    },
    async eraseApart(tx: Tx, parts: readonly PersonalDataPart[], s: ErasureSubject) {
      const lines: ErasureLine[] = [];
      const storedNames: string[] = [];
      for (const p of parts) {
        if (p.eraseTogether) continue;
        const r = await p.erase(tx, s);
        lines.push(...r.lines);
        storedNames.push(...(r.storedNames ?? []));
      }
      // (A file two parts held, a payment's receipt the person's e-mail also attached, once.)
      return { lines, storedNames: [...new Set(storedNames)] };
    },
    async eraseTogether(tx: Tx, parts: readonly PersonalDataPart[], subjects: readonly ErasureSubject[]) {
      const lines: ErasureLine[][] = subjects.map(() => []);
      const storedNames: string[] = [];
      for (const p of parts) {
        if (!p.eraseTogether || !subjects.length) continue;
        const r = await p.eraseTogether(tx, subjects);
        r.lines.forEach((own, i) => lines[i]?.push(...own));
        storedNames.push(...(r.storedNames ?? []));
      }
      return { lines, storedNames };
    },
    erasedAs: async (memberId: number): Promise<string | undefined> =>
      (await db.selectFrom('erasedPerson').select('pseudonym').where('memberId', '=', memberId).executeTakeFirst())
        ?.pseudonym,
    async erasedAmong(ids: readonly number[]): Promise<Set<number>> {
      const out = new Set<number>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db
          .selectFrom('erasedPerson')
          .select('memberId')
          .where('memberId', 'in', ids.slice(i, i + 500))
          .execute();
        for (const r of rows) out.add(r.memberId);
      }
      return out;
    },
    // False when the person was erased already (now or by a racing call).
    async claim(tx: Tx, memberId: number, pseudonym: string, by: number | null, now: number): Promise<boolean> {
      try {
        await tx
          .insertInto('erasedPerson')
          .values({ memberId, pseudonym, erasedBy: by, createdAt: now, updatedAt: now })
          // The id returned names the row in the call's audit entry.
          .returning('id')
          .execute();
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },
  };
}
export type ErasureRepository = ReturnType<typeof createErasureRepository>;
