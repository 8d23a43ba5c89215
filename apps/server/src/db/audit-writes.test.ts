import { describe, expect, it } from 'vitest';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type Compilable,
} from 'kysely';
import type { Database } from './schema.js';
import { writesRows } from './audit.js';

// Which statements of an audited call write (decision 331: the first one reads the call's records as they were, in
// its transaction): every kind of write, also through a common table expression, built or raw; never a read, a row
// lock or the audit log's own insert.
describe('writesRows', () => {
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const writes = (q: Compilable) => writesRows(q.compile());

  it('knows a built statement by its kind and its common table expressions', () => {
    expect(writes(db.selectFrom('application').select('id'))).toBe(false);
    expect(writes(db.updateTable('application').set({ status: 'draft' }).where('id', '=', 1))).toBe(true);
    expect(writes(db.deleteFrom('applicationTargetSchool').where('applicationId', '=', 1))).toBe(true);
    expect(writes(db.insertInto('auditLog').values({ memberId: 1 } as never))).toBe(false);
    const moved = db
      .with('moved', (w) => w.updateTable('application').set({ status: 'draft' }).returning('id'))
      .selectFrom('moved')
      .select('id');
    expect(writes(moved)).toBe(true);
    const read = db
      .with('ids', (w) => w.selectFrom('application').select('id'))
      .selectFrom('ids')
      .select('id');
    expect(writes(read)).toBe(false);
  });

  it('knows a raw statement by its first word, or as a `with` by what it inserts, updates or deletes', () => {
    const cases: [sql: string, writes: boolean][] = [
      ['update application set status = $1 where id = $2', true],
      ['  DELETE FROM follow_up where id = 1', true],
      ['insert into audit_log (member_id) values (1)', false],
      ['select id from application where id = 1 for no key update', false],
      ['with x as (update application set status = $1 returning id) select id from x', true],
      ['WITH x AS (DELETE FROM "follow_up" WHERE id = 1 RETURNING id) SELECT count(*) FROM x', true],
      ['with x as (insert into audit_log (member_id) values (1) returning id) select id from x', false],
      ['with x as (select id, updated_at from application) select id from x', false],
      ['with x as (select id from application for update skip locked) select id from x', false],
      ['with x as (select id from application for no key update) select id from x', false],
    ];
    for (const [text, expected] of cases) expect(writesRows(sql.raw(text).compile(db)), text).toBe(expected);
  });
});
