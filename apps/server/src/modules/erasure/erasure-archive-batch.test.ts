import { randomBytes } from 'node:crypto';
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

  // The storage the erasure reads and writes the archive through, counting the files it opens and keeping the names
  // of those it saves; `openAs` may hand it another file's bytes.
  function countingStorage(openAs: (name: string, nth: number) => string = (name) => name) {
    const real = storage();
    const reads = new Map<string, number>();
    const saves: string[] = [];
    return {
      reads,
      saves,
      storage: {
        open: (name: string) => {
          reads.set(name, (reads.get(name) ?? 0) + 1);
          return real.open(openAs(name, reads.get(name)!));
        },
        saveMade: async (...args: Parameters<typeof real.saveMade>) => {
          const saved = await real.saveMade(...args);
          saves.push(saved.storedName);
          return saved;
        },
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
  // `n` entries of nobody erased (the admin's own record), each change's note 1000 random characters; 50 to an insert
  // (SQLite's bound on parameters).
  async function noise(n: number): Promise<void> {
    const one = () => ({
      createdAt: Date.now(),
      memberId: t.admin.mid,
      roleId: null,
      module: 'member',
      action: 'edit',
      route: 'POST /x',
      recordType: 'member',
      recordId: t.admin.mid,
      recordIds: null,
      ip: null,
      userAgent: null,
      outcome: 'ok' as const,
      code: 200,
      durationMs: 1,
      requestId: null,
      changes: JSON.stringify([
        { id: t.admin.mid, field: 'nickName', before: randomBytes(750).toString('base64'), after: null },
      ]),
    });
    for (let i = 0; i < n; i += 50)
      await t.db.db
        .insertInto('auditLog')
        .values(Array.from({ length: Math.min(50, n - i) }, one))
        .execute();
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

  it('past what it holds, only reads a file holding nothing of theirs and reads one changing late again to write it', async () => {
    const g = await addStudent(GWENDOLYN);
    // File A: her account as added (small: the change comes before anything is past what is held).
    const early = await archive();
    // File B: entries of nobody erased, each note 1000 random characters, so its compressed lines pass 16 KiB (what
    // gzip hands on at a time) many times over.
    await noise(200);
    const nothing = await archive();
    // File C: the same, then an entry of hers as its last line.
    await noise(200);
    const hers = await entry(t.admin.mid, [g], ['Gwendolyn Pellingham, late in the file']);
    const late = await archive();
    const before = new Map([early, nothing, late].map((name) => [name, linesOf(name)]));
    expect((JSON.parse(before.get(late)!.at(-1)!) as Line).id).toBe(hers);
    const names = async () => (await storage().list()).map((f) => f.storedName).sort();
    const rowsBefore = await archiveRows();
    const planned = (await erasureWith(countingStorage().storage).plan(g, admin())).items.find(
      (i) => i.what === 'auditArchive',
    )!;
    expect(planned.count).toBeGreaterThan(1);

    // File C read differently the second time (here: file B's bytes, nothing of hers): the batch is refused as a store
    // failing (9005), nothing of hers written; the files it saved are the orphan sweep's (removed here).
    const differs = countingStorage((name, nth) => (name === late && nth === 2 ? nothing : name));
    expect((await erasureWith(differs.storage, 1).eraseManyForRetention([g])).erased).toEqual([]);
    expect(differs.reads.get(late)).toBe(2);
    expect(await archiveRows()).toEqual(rowsBefore);
    for (const name of differs.saves) await storage().remove(name);
    const stored = await names();

    const { reads, saves, storage: counted } = countingStorage();
    const done = await erasureWith(counted, 1).eraseManyForRetention([g]);
    expect(done.erased.map((p) => p.memberId)).toEqual([g]);
    // Her count is the dry run's: the line found in the first read of file C is not counted twice.
    expect(done.erased[0]!.items.find((i) => i.what === 'auditArchive')).toEqual(planned);
    // File C read twice, every other file (the earlier tests' too) once; only A and C saved, each once, and their old
    // files removed after the commit: no copy of B or of any other, as many files stored as before.
    expect(Object.fromEntries(reads)).toEqual(
      Object.fromEntries(rowsBefore.map((a) => [a.storedName, a.storedName === late ? 2 : 1])),
    );
    const rows = await archiveRows();
    const now = (name: string) => rows.find((a) => a.id === rowsBefore.find((b) => b.storedName === name)!.id)!;
    expect(saves.sort()).toEqual([now(early).storedName, now(late).storedName].sort());
    for (const a of rows)
      if (a.storedName !== now(early).storedName && a.storedName !== now(late).storedName)
        expect(rowsBefore.map((b) => b.storedName)).toContain(a.storedName);
    expect(now(nothing).storedName).toBe(nothing);
    expect(linesOf(nothing)).toEqual(before.get(nothing));
    expect(done.filesRemoved).toBe(2);
    expect(fs.existsSync(onDisk(early))).toBe(false);
    expect(fs.existsSync(onDisk(late))).toBe(false);
    expect(await names()).toHaveLength(stored.length);
    // File C written without her values, every other line byte for byte.
    hasNone(linesOf(now(early).storedName).join('\n'), GWENDOLYN);
    const written = linesOf(now(late).storedName);
    expect(written).toHaveLength(before.get(late)!.length);
    hasNone(written.join('\n'), GWENDOLYN);
    for (const [k, l] of before.get(late)!.entries())
      if ((JSON.parse(l) as Line).id !== hers) expect(written[k]).toBe(l);
      else expect(written[k]).not.toBe(l);
  });
});
