import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ApplicationSaved } from '@study-crm/shared';
import { useTestApp } from '../test/signed-in.js';
import { BASE, fullForm } from '../test/application-fixtures.js';
import { onPostgres } from '../test/engine.js';
import { readRecords, type AuditChange } from './audit.js';
import { runInAuditScope } from '../lib/audit-scope.js';
import { updateOtherScope } from '../test/audit-scope.js';
import { runInTransaction } from './transaction.js';

// The record as it was is read in the transaction of the call's first write, just before it (on PostgreSQL with the
// record's rows locked): calls racing on one record each record the change they made, from what the call before
// left (decision 331). A call that changed nothing records no change, whatever others did meanwhile.
describe('audit entries of calls racing on one record', () => {
  const t = useTestApp({ signIn: true });
  const CALLS = 8;

  const entriesOf = async (id: number, action: string) =>
    (
      await t.db.db
        .selectFrom('auditLog')
        .select(['outcome', 'code', 'changes'])
        .where('recordId', '=', id)
        .where('action', '=', action)
        .orderBy('id')
        .execute()
    ).map((e) => ({ ...e, changes: e.changes ? (JSON.parse(e.changes) as AuditChange[]) : [] }));

  it('chains each entry from the one before: its "before" is what the previous call wrote', async () => {
    const id = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ name: '江同時' }), t.admin)).data.id;
    // Without a version: every call writes, in whatever order they reach the record.
    const answers = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        t.post(`${BASE}/updateOther`, { id, importantNotes: `note ${i + 1}` }, t.admin),
      ),
    );
    expect(answers.map((a) => a.meta.code)).toEqual(Array(CALLS).fill(200));

    const notes = (await entriesOf(id, 'updateOther')).map((e) => {
      const change = e.changes.find((c) => c.field === 'importantNotes');
      return { before: change?.before ?? null, after: change?.after ?? null };
    });
    expect(notes).toHaveLength(CALLS);
    // In the order they were written: the first from the record as created, each next from the last.
    expect(notes[0]!.before).toBe(fullForm().importantNotes);
    for (let i = 1; i < CALLS; i++) expect(notes[i]!.before, `entry ${i + 1}`).toBe(notes[i - 1]!.after);
    // Every call's own note is there once, and the record holds the last one written.
    expect(new Set(notes.map((n) => n.after)).size).toBe(CALLS);
    const row = await t.db.db
      .selectFrom('application')
      .select('importantNotes')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.importantNotes).toBe(notes.at(-1)!.after);
  });

  it('records no change for a call refused on a stale version, not the change of the call that won', async () => {
    // Two calls from the same version of each record at once: one writes, the other is refused (409).
    for (let round = 0; round < 4; round++) {
      const id = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ name: '江過時' }), t.admin)).data.id;
      const answers = await Promise.all(
        ['first', 'second'].map((note) =>
          t.post(`${BASE}/updateOther`, { id, version: 1, importantNotes: note }, t.admin),
        ),
      );
      expect(answers.map((a) => a.meta.code).sort()).toEqual([200, 409]);
      const entries = await entriesOf(id, 'updateOther');
      const won = entries.find((e) => e.outcome === 'ok')!;
      const refused = entries.find((e) => e.outcome === 'refused')!;
      expect(won.changes).toContainEqual(
        expect.objectContaining({ field: 'importantNotes', before: fullForm().importantNotes }),
      );
      expect(refused.code).toBe(409);
      expect(refused.changes, `round ${round + 1}`).toEqual([]);
    }
  });

  it.skipIf(!onPostgres)(
    'locks the record as an update does: its writers wait, rows inserted elsewhere that refer to it do not',
    async () => {
      const id = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ name: '江鎖住' }), t.admin)).data.id;
      // Another connection's statement, given up after 300 ms of waiting for a lock.
      const elsewhere = (run: (tx: typeof t.db.db) => Promise<unknown>) =>
        t.db.db.transaction().execute(async (tx) => {
          await sql`set local lock_timeout = '300ms'`.execute(tx);
          await run(tx);
        });
      await t.db.db.transaction().execute(async (tx) => {
        // The record as it was before a write, read in the write's transaction (audit-driver.ts).
        expect((await readRecords(tx, 'application', [id], true, true)).has(id)).toBe(true);
        await elsewhere((other) =>
          other
            .insertInto('applicationTargetSchool')
            .values({ applicationId: id, sort: 9, school: 'University of Bath', decision: 'pending' })
            .execute(),
        );
        await expect(
          elsewhere((other) =>
            other.updateTable('application').set({ importantNotes: 'meanwhile' }).where('id', '=', id).execute(),
          ),
        ).rejects.toThrow(/lock timeout/);
      });
    },
  );

  it.skipIf(!onPostgres)(
    'puts the call back as it was when its transaction fails at commit, after the entry was written in it',
    async () => {
      const id = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ name: '江未成' }), t.admin)).data.id;
      const scope = updateOtherScope(id);
      await runInAuditScope(scope, async () => {
        const failing = runInTransaction(t.db.db, async (tx) => {
          await tx.updateTable('application').set({ importantNotes: 'never kept' }).where('id', '=', id).execute();
          // A row that breaks a constraint checked only at commit: the commit fails after the entry was written.
          await sql`create temp table commit_a (id int primary key) on commit drop`.execute(tx);
          await sql`create temp table commit_b (a int references commit_a (id) deferrable initially deferred)
            on commit drop`.execute(tx);
          await sql`insert into commit_b values (1)`.execute(tx);
        });
        await expect(failing).rejects.toThrow(/foreign key/);
      });
      // No entry and no change committed; the route helper then writes the call's entry (refused or failed), and a
      // later write of the call reads the record again.
      expect(scope).toMatchObject({ dirty: false, written: 0, beforeRead: null });
      expect(scope.before.size).toBe(0);
      expect(await entriesOf(id, 'updateOther')).toEqual([]);
      const row = await t.db.db
        .selectFrom('application')
        .select('importantNotes')
        .where('id', '=', id)
        .executeTakeFirst();
      expect(row?.importantNotes).toBe(fullForm().importantNotes);
    },
  );
});
