import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { testClock } from '../../test/harness.js';
import { auditPersonalData, createAuditArchiveErasure, createAuditRetention } from '../audit/index.js';
import { createFileStorage } from '../files/index.js';
import { memberPersonalData } from '../member/index.js';
import { createRetentionService, type RetentionReport } from '../retention/index.js';
import type { Actor } from '../role/index.js';
import { createErasureRepository, createErasureService } from './index.js';

// Decision 375: the retention run erases several people in one transaction, and the audit archive's files are read
// once for all of them (before, once a person, and twice for a file rewritten), each person's values still blanked,
// everyone else's lines left byte for byte, each person's counts their own.

type Person = {
  engFirstName: string;
  engLastName: string;
  fullName: string;
  email: string;
  mobile: string;
};
const person = (first: string, last: string, full: string, n: number): Person => ({
  engFirstName: first,
  engLastName: last,
  fullName: full,
  email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
  mobile: `770090012${n}`,
});
const QUENTIN = person('Quentin', 'Marlowe', '馬昆廷', 1);
const ROSALIND = person('Rosalind', 'Ashgrove', '艾若琳', 2);
const SEBASTIAN = person('Sebastian', 'Thornfield', '桑世斌', 3);
// Kept: her names hold theirs ("Quentina", "Marlowes"), and she shares an entry with two of them.
const QUENTINA = person('Quentina', 'Marlowes', '馬昆婷', 4);
const EDMUND = person('Edmund', 'Crowhurst', '柯艾德', 5);
const FELICITY = person('Felicity', 'Barrowby', '巴菲莉', 6);
const GWENDOLYN = person('Gwendolyn', 'Pellingham', '裴關琳', 7);

type Line = { id: number; memberId: number | null; recordType: string | null; recordId: number | null } & Record<
  string,
  unknown
>;

describe('the retention run erasing several people: the audit archive', () => {
  const clock = testClock(Date.now());
  const t = useTestApp({ signIn: true });
  const admin = (): Actor => ({ id: t.admin.mid, perms: new Set() });
  const storage = () => createFileStorage(t.config, clock);
  const onDisk = (name: string) => path.join(t.config.dataDir, 'uploads', name);
  const linesOf = (name: string) =>
    gunzipSync(fs.readFileSync(onDisk(name)))
      .toString('utf8')
      .trim()
      .split('\n');
  const archiveRows = () =>
    t.db.db.selectFrom('auditArchive').select(['id', 'storedName', 'entries']).orderBy('id').execute();

  // The storage the erasure reads the archive through, counting the files it opens.
  function countingStorage() {
    const real = storage();
    const reads = new Map<string, number>();
    return {
      reads,
      storage: {
        open: (name: string) => {
          reads.set(name, (reads.get(name) ?? 0) + 1);
          return real.open(name);
        },
        saveMade: real.saveMade,
      },
    };
  }
  // The erasure as the server wires it for the parts that matter here: the member (finds the person), the live log
  // and its archive files.
  function erasureWith(archiveStorage: ReturnType<typeof countingStorage>['storage'], holdBytes?: number) {
    const real = storage();
    return createErasureService({
      repo: createErasureRepository(t.db.db),
      parts: [
        memberPersonalData,
        auditPersonalData,
        createAuditArchiveErasure(archiveStorage, holdBytes === undefined ? {} : { holdBytes }),
      ],
      removeStored: (name) => real.remove(name),
      keptAnywhere: async () => new Set(),
      log: { warn: () => undefined },
      config: async () => null,
      beyondCaller: async () => [],
      members: { keepsActiveAdmin: async () => undefined, lock: async () => undefined },
      clock,
    });
  }
  async function addStudent(p: Person): Promise<number> {
    const res = await t.post<{ id: number }>(
      '/api/v1/mc/member/add',
      { ...p, areaCode: '44', password: 'Student#2026pass', memberType: 'student' },
      t.admin,
    );
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data.id;
  }
  // An entry of a call on members' records (each change's values the person's), from `by` and an address.
  async function entry(by: number, ids: number[], notes: string[], ip: string | null = null): Promise<number> {
    const row = await t.db.db
      .insertInto('auditLog')
      .values({
        createdAt: Date.now(),
        memberId: by,
        roleId: null,
        module: 'member',
        action: 'batch',
        route: 'POST /x',
        recordType: 'member',
        recordId: ids[0]!,
        recordIds: ids.join(','),
        ip,
        userAgent: ip ? 'Firefox' : null,
        outcome: 'ok',
        code: 200,
        durationMs: 1,
        requestId: null,
        changes: JSON.stringify(ids.map((id, i) => ({ id, field: 'nickName', before: notes[i], after: null }))),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  // Everything in the live log so far into one archive file, as the retention run does: its stored name.
  async function archive(): Promise<string> {
    const files = storage();
    const now = Date.now();
    const done = await createAuditRetention(t.db.db).archiveBefore(now + 1, now, (stream) =>
      files.saveMade(stream, 'gz', 'application/gzip'),
    );
    return done.storedName!;
  }
  const valuesOf = (p: Person) => Object.values(p);
  // A value as a whole word ("Quentin" is not in "Quentina"; a Chinese name anywhere).
  const word = (v: string) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu');
  const hasNone = (text: string, p: Person) => {
    for (const v of valuesOf(p)) expect(text).not.toMatch(/^[\x20-\x7e]+$/.test(v) ? word(v) : new RegExp(v));
  };

  it('reads each archive file once for everyone, blanks every person in it and leaves the others byte for byte', async () => {
    const q = await addStudent(QUENTIN);
    const r = await addStudent(ROSALIND);
    const s = await addStudent(SEBASTIAN);
    const keep = await addStudent(QUENTINA);
    await entry(t.admin.mid, [q], ['Quentin Marlowe from Leeds']);
    const mixed = await entry(t.admin.mid, [keep, q], ['Quentina Marlowes, not Quentin', 'Quentin pays']);
    // File 1: the four students' accounts as added, and the entries above.
    const first = await archive();
    const own = await entry(r, [r], ['Rosalind asked herself'], '203.0.113.7');
    const pair = await entry(t.admin.mid, [s, r], ['Sebastian moved', 'Rosalind moved']);
    // File 2: Rosalind's own call and an entry of both Sebastian and Rosalind.
    const second = await archive();
    await entry(t.admin.mid, [keep], ['Quentina only']);
    // File 3: nothing of the three.
    const third = await archive();
    const before = new Map([first, second, third].map((name) => [name, linesOf(name)]));
    const all = [...before.values()].flat().join('\n');
    for (const p of [QUENTIN, ROSALIND, SEBASTIAN]) for (const v of [p.email, p.fullName]) expect(all).toContain(v);

    const { reads, storage: counted } = countingStorage();
    const erasure = erasureWith(counted);
    const retention = createRetentionService({
      lease: async () => true,
      config: async () => null,
      clock,
      erasure,
      studentsClosedBefore: async () => [],
      studentsInactiveBefore: async () => [q, r, s],
      membersWithApplications: async () => new Set<number>(),
      removeUnattachedFiles: async () => [],
      blankOutboxBodies: async () => 0,
      purgeSessions: async () => 0,
      purgeCodes: async () => 0,
      audit: { archiveBefore: async () => ({ entries: 0, storedName: null }), record: async () => undefined },
      saveArchive: async () => ({ storedName: 'x', size: 0 }),
      removeStored: async () => undefined,
      log: { warn: () => undefined },
      report: async () => undefined,
    });
    const report = (await retention.run()) as RetentionReport;
    expect(report.counts.inactiveStudents).toBe(3);

    // Each file opened once for the three of them.
    expect(Object.fromEntries(reads)).toEqual({ [first]: 1, [second]: 1, [third]: 1 });
    // Files 1 and 2 written anew (the old ones gone), file 3 as it was.
    const rows = await archiveRows();
    expect(rows.map((a) => a.storedName === first || a.storedName === second)).toEqual([false, false, false]);
    expect(rows[2]!.storedName).toBe(third);
    expect(fs.existsSync(onDisk(first))).toBe(false);
    expect(fs.existsSync(onDisk(second))).toBe(false);
    expect(linesOf(third)).toEqual(before.get(third));

    for (const [i, was] of [before.get(first)!, before.get(second)!].entries()) {
      const now = linesOf(rows[i]!.storedName);
      expect(now).toHaveLength(was.length);
      expect(rows[i]!.entries).toBe(now.length);
      const text = now.join('\n');
      // No value of any of the three is left; none of them was left out.
      for (const p of [QUENTIN, ROSALIND, SEBASTIAN]) hasNone(text, p);
      // A line that names none of them is the same line.
      for (const [k, l] of was.entries()) {
        const e = JSON.parse(l) as Line;
        if (!(e.recordType === 'member' && [q, r, s].includes(e.recordId!)) && ![q, r, s].includes(e.memberId!))
          if (e.id !== mixed) expect(now[k]).toBe(l);
      }
    }
    const lineOf = (name: string, id: number) =>
      JSON.parse(linesOf(name).find((l) => (JSON.parse(l) as Line).id === id)!) as Line & { changes: string };
    // Quentina's account as added keeps every value of hers.
    const added = linesOf(rows[0]!.storedName)
      .map((l) => JSON.parse(l) as Line & { changes: string })
      .find((e) => e.recordType === 'member' && e.recordId === keep && e.action === 'add')!;
    for (const v of valuesOf(QUENTINA)) expect(added.changes).toContain(v);
    // The entry of Quentina and Quentin: her change whole ("Quentina", "Marlowes"), his the field only.
    const erasedAs = async (id: number) =>
      (
        await t.db.db
          .selectFrom('erasedPerson')
          .select('pseudonym')
          .where('memberId', '=', id)
          .executeTakeFirstOrThrow()
      ).pseudonym;
    expect(JSON.parse(lineOf(rows[0]!.storedName, mixed).changes)).toEqual([
      { id: keep, field: 'nickName', before: `Quentina Marlowes, not ${await erasedAs(q)}`, after: null },
      { id: q, field: 'nickName' },
    ]);
    // Rosalind's own call has no address or browser; the entry of both keeps the fields only.
    expect(lineOf(rows[1]!.storedName, own)).toMatchObject({ ip: null, userAgent: null });
    expect(JSON.parse(lineOf(rows[1]!.storedName, pair).changes)).toEqual([
      { id: s, field: 'nickName' },
      { id: r, field: 'nickName' },
    ]);
  });

  it("counts each person's archived entries as their own dry run does, and skips who cannot be erased", async () => {
    const e = await addStudent(EDMUND);
    const f = await addStudent(FELICITY);
    await entry(t.admin.mid, [e, f], ['Edmund lends', 'Felicity borrows']);
    await entry(t.admin.mid, [f], ['Felicity alone']);
    await archive();
    const { storage: counted } = countingStorage();
    const erasure = erasureWith(counted);
    const planned = async (id: number) =>
      (await erasure.plan(id, admin())).items.filter((i) => i.what === 'auditArchive' || i.what === 'auditLog');
    const expected = new Map([
      [e, await planned(e)],
      [f, await planned(f)],
    ]);
    expect(expected.get(f)!.find((i) => i.what === 'auditArchive')!.count).toBeGreaterThan(
      expected.get(e)!.find((i) => i.what === 'auditArchive')!.count,
    );

    // One already erased (the test before), one that is no member: skipped, nothing of theirs written.
    const quentin = (await t.db.db.selectFrom('erasedPerson').select('memberId').executeTakeFirstOrThrow()).memberId;
    const done = await erasure.eraseManyForRetention([quentin, e, 999_999, f]);
    expect(done.erased.map((p) => p.memberId)).toEqual([e, f]);
    for (const p of done.erased)
      expect(p.items.filter((i) => i.what === 'auditArchive' || i.what === 'auditLog')).toEqual(
        expected.get(p.memberId),
      );
    expect(
      await t.db.db.selectFrom('erasedPerson').select('memberId').where('memberId', '=', 999_999).execute(),
    ).toEqual([]);
  });

  it('writes a file past what it holds in memory as it reads it, and removes the copy of one holding nothing', async () => {
    const g = await addStudent(GWENDOLYN);
    const withHer = await archive();
    await entry(t.admin.mid, [t.admin.mid], ['nobody erased here']);
    const without = await archive();
    const names = async () => (await storage().list()).map((f) => f.storedName).sort();
    const stored = await names();
    const rowsBefore = await archiveRows();

    const { reads, storage: counted } = countingStorage();
    const done = await erasureWith(counted, 0).eraseManyForRetention([g]);
    expect(done.erased.map((p) => p.memberId)).toEqual([g]);
    // Every file read once; hers written anew, the other's copy removed: as many files stored as before.
    for (const a of rowsBefore) expect(reads.get(a.storedName)).toBe(1);
    const rows = await archiveRows();
    expect(rows.find((a) => a.id === rowsBefore.find((b) => b.storedName === without)!.id)!.storedName).toBe(without);
    const hers = rows.find((a) => a.id === rowsBefore.find((b) => b.storedName === withHer)!.id)!;
    expect(hers.storedName).not.toBe(withHer);
    hasNone(linesOf(hers.storedName).join('\n'), GWENDOLYN);
    expect((await names()).length).toBe(stored.length);
    expect(done.filesRemoved).toBe(rowsBefore.length);
  });
});
