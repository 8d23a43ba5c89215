import { describe, expect, it } from 'vitest';
import type { ErasureSubject } from '../../db/personal-data.js';
import type { Tx } from '../../db/transaction.js';
import { testClock } from '../../test/harness.js';
import { createRetentionService, type RetentionReport } from '../retention/index.js';
import type { Actor } from '../role/index.js';
import type { ErasureRepository } from './erasure.repository.js';
import { createErasureService } from './erasure.service.js';

const ADMIN: Actor = { id: 1, perms: new Set() };

// The erasure with its database stubbed (each erasure commits and leaves four stored files, one of them kept by
// another record) and a storage whose delete throws for one of them, as S3 does when it is out of reach.
function withFailingStorage() {
  const clock = testClock();
  const erased = new Set<number>();
  const removed: string[] = [];
  const warned: unknown[] = [];
  const surveyed: ErasureSubject[] = [];
  const repo = {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => fn({} as Tx),
    survey: async (_parts: unknown, s: ErasureSubject) => {
      surveyed.push(s);
      s.exists = true;
      return [];
    },
    plan: async () => [],
    erase: async (_tx: Tx, _parts: unknown, s: ErasureSubject) => ({
      lines: [],
      storedNames: [`a-${s.memberId}`, `broken-${s.memberId}`, `c-${s.memberId}`, `kept-${s.memberId}`],
    }),
    // The retention run's batch: the same files per person, nothing shared.
    guarded: async <T>(_tx: Tx, _now: number, fn: () => Promise<T>) => fn(),
    attempt: async <T>(_tx: Tx, fn: () => Promise<T>) => fn(),
    eraseApart: async (_tx: Tx, _parts: unknown, s: ErasureSubject) => ({
      lines: [],
      storedNames: [`a-${s.memberId}`, `broken-${s.memberId}`, `c-${s.memberId}`],
    }),
    eraseTogether: async (_tx: Tx, _parts: unknown, subjects: readonly ErasureSubject[]) => ({
      lines: subjects.map(() => []),
      storedNames: [],
    }),
    erasedAs: async (id: number) => (erased.has(id) ? 'x' : undefined),
    erasedAmong: async (ids: readonly number[]) => new Set(ids.filter((id) => erased.has(id))),
    claim: async (_tx: Tx, memberId: number) => {
      if (erased.has(memberId)) return false;
      erased.add(memberId);
      return true;
    },
  } as unknown as ErasureRepository;
  const erasure = createErasureService({
    repo,
    parts: [],
    removeStored: async (name) => {
      if (name.startsWith('broken-')) throw new Error('S3 unreachable');
      removed.push(name);
    },
    // Another record (a payment's receipt the person's e-mail also attached) keeps these: they stay.
    keptAnywhere: async (names) => new Set(names.filter((n) => n.startsWith('kept-'))),
    log: { warn: (obj: unknown) => void warned.push(obj) },
    config: async () => null,
    beyondCaller: async () => [],
    members: { keepsActiveAdmin: async () => {}, lock: async () => {} },
    clock,
  });
  return { clock, erasure, removed, warned, surveyed };
}

describe("erasure: the first day of the payments' accounting period", () => {
  it('is the UK day that many calendar years back, 29 February falling back to the 28th', async () => {
    const { clock, erasure, surveyed } = withFailingStorage();
    // 00:30 on 15 June 2026 in London (summer time) is 23:30 UTC on the 14th.
    clock.set(Date.UTC(2026, 5, 14, 23, 30));
    await erasure.plan(7, ADMIN);
    clock.set(Date.UTC(2028, 1, 29, 12, 0));
    await erasure.plan(8, ADMIN);
    // The default period, six years (privacy.paymentKeepYears).
    expect(surveyed.map((s) => s.keepPaymentsFrom)).toEqual(['2020-06-15', '2022-02-28']);
  });
});

describe('erasure: a stored file the storage fails to remove after the commit', () => {
  it('answers the committed erasure, removes the other files but one kept elsewhere and logs the failed one', async () => {
    const { erasure, removed, warned } = withFailingStorage();
    const res = await erasure.erase(7, ADMIN);
    expect(res.filesRemoved).toBe(2);
    expect(removed).toEqual(['a-7', 'c-7']);
    expect(warned).toEqual([expect.objectContaining({ memberId: 7, storedName: 'broken-7' })]);
    // It committed: a second erasure is refused as already done (7960).
    await expect(erasure.erase(7, ADMIN)).rejects.toMatchObject({ code: 7960 });
  });

  it('lets the retention run go on: later people and kinds done, the run recorded', async () => {
    const { clock, erasure, removed, warned } = withFailingStorage();
    const recorded: string[] = [];
    let sessionsPurged = false;
    const retention = createRetentionService({
      lease: async () => true,
      config: async () => null,
      clock,
      erasure,
      studentsClosedBefore: async () => [11, 12],
      studentsInactiveBefore: async () => [13],
      membersWithApplications: async () => new Set<number>(),
      removeUnattachedFiles: async () => [],
      blankOutboxBodies: async () => 0,
      purgeSessions: async () => {
        sessionsPurged = true;
        return 0;
      },
      purgeCodes: async () => 0,
      audit: {
        archiveBefore: async () => ({ entries: 0, storedName: null }),
        record: async (e) => void recorded.push(`${e.module}.${e.action}`),
      },
      saveArchive: async () => ({ storedName: 'x', size: 0 }),
      removeStored: async () => undefined,
      log: { warn: () => undefined },
      report: async () => undefined,
    });
    const report = (await retention.run()) as RetentionReport;
    expect(report.counts).toMatchObject({ closedApplications: 2, inactiveStudents: 1 });
    expect(report.filesRemoved).toBe(6);
    expect(removed).toEqual(['a-11', 'c-11', 'a-12', 'c-12', 'a-13', 'c-13']);
    expect(warned).toHaveLength(3);
    expect(sessionsPurged).toBe(true);
    expect(recorded).toEqual(['retention.run']);
  });
});

describe('retention: an unattached file the storage fails to remove', () => {
  it('counts the rows, removes the other files, logs the failed one and finishes the run', async () => {
    const removed: string[] = [];
    const warned: unknown[] = [];
    const recorded: string[] = [];
    const retention = createRetentionService({
      lease: async () => true,
      config: async () => null,
      clock: testClock(),
      erasure: {
        eraseManyForRetention: async () => ({ erased: [], filesRemoved: 0 }),
        erasedAmong: async () => new Set(),
      },
      studentsClosedBefore: async () => [],
      studentsInactiveBefore: async () => [],
      membersWithApplications: async () => new Set<number>(),
      removeUnattachedFiles: async () => ['a', 'broken', 'c'],
      blankOutboxBodies: async () => 0,
      purgeSessions: async () => 0,
      purgeCodes: async () => 0,
      audit: {
        archiveBefore: async () => ({ entries: 0, storedName: null }),
        record: async (e) => void recorded.push(`${e.module}.${e.action}`),
      },
      saveArchive: async () => ({ storedName: 'x', size: 0 }),
      removeStored: async (name) => {
        if (name === 'broken') throw new Error('S3 unreachable');
        removed.push(name);
      },
      log: { warn: (obj: unknown) => void warned.push(obj) },
      report: async () => undefined,
    });
    const report = (await retention.run()) as RetentionReport;
    expect(report.counts.unattachedFiles).toBe(3);
    expect(report.filesRemoved).toBe(2);
    expect(removed).toEqual(['a', 'c']);
    expect(warned).toEqual([expect.objectContaining({ storedName: 'broken' })]);
    expect(recorded).toEqual(['retention.run']);
  });
});
