import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { createKeyedTable, createLiveIndex, createRowTriggers, dropRowTriggers, liveCounterBody } from './helpers.js';

// Issue 14: list totals that do not count the table. `list_count` keeps the number of live rows per bucket of a
// list (applications per status, members per member type), maintained by triggers, so every write (the app's,
// a seed's, a manual fix) moves the counter in its own transaction. The unfiltered list sums a handful of rows.
type Counted = { table: string; list: string; bucket: string; columns: string };
const COUNTED: Counted[] = [
  { table: 'application', list: 'application', bucket: 'status', columns: 'status, deleted_at' },
  { table: 'member', list: 'member', bucket: 'member_type', columns: 'member_type, deleted_at' },
];

async function upPostgres(db: Kysely<unknown>, c: Counted): Promise<void> {
  const b = sql.raw(c.bucket);
  const list = sql.lit(c.list);
  const body = liveCounterBody(
    sql`update list_count set n = n - 1 where list = ${list} and bucket = old.${b};`,
    sql`insert into list_count (list, bucket, n) values (${list}, new.${b}, 1)
          on conflict (list, bucket) do update set n = list_count.n + 1;`,
  );
  await createRowTriggers(db, c.table, `list_count_${c.table}`, body, {
    columns: c.columns,
    when: sql`old.${b} is distinct from new.${b} or (old.deleted_at is null) <> (new.deleted_at is null)`,
  });
}

async function upSqlite(db: Kysely<unknown>, c: Counted): Promise<void> {
  const b = sql.raw(c.bucket);
  const list = sql.lit(c.list);
  const t = sql.id(c.table);
  await sql`create trigger ${sql.id(`list_count_${c.table}_ai`)} after insert on ${t} when new.deleted_at is null begin
      insert into list_count (list, bucket, n) values (${list}, new.${b}, 1)
        on conflict (list, bucket) do update set n = n + 1;
    end`.execute(db);
  await sql`create trigger ${sql.id(`list_count_${c.table}_ad`)} after delete on ${t} when old.deleted_at is null begin
      update list_count set n = n - 1 where list = ${list} and bucket = old.${b};
    end`.execute(db);
  await sql`create trigger ${sql.id(`list_count_${c.table}_au`)} after update of ${sql.raw(c.columns)} on ${t}
    when old.${b} is not new.${b} or (old.deleted_at is null) <> (new.deleted_at is null) begin
      update list_count set n = n - 1 where list = ${list} and bucket = old.${b} and old.deleted_at is null;
      insert into list_count (list, bucket, n) select ${list}, new.${b}, 1 where new.deleted_at is null
        on conflict (list, bucket) do update set n = n + 1;
    end`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'list_count', { list: 'varchar(32)', bucket: 'varchar(64)', n: 'bigint' }, [
    'list',
    'bucket',
  ]);
  if (!isPostgres(db)) {
    // Pages by number skip their offset over ids only: SQLite reads a partial index as covering only when the
    // filtered column (deleted_at) is in it (PostgreSQL's existing indexes serve index-only scans already).
    const ix = (name: string, cols: string[]) => createLiveIndex(db, name, 'application', cols);
    await ix('application_live_date_ix', ['deleted_at', 'application_date', 'id']);
    await ix('application_live_status_date_ix', ['status', 'deleted_at', 'application_date', 'id']);
  }
  for (const c of COUNTED) {
    if (isPostgres(db)) await upPostgres(db, c);
    else await upSqlite(db, c);
    await sql`insert into list_count (list, bucket, n)
      select ${sql.lit(c.list)}, ${sql.raw(c.bucket)}, count(*) from ${sql.id(c.table)}
      where deleted_at is null group by ${sql.raw(c.bucket)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await db.schema.dropIndex('application_live_date_ix').ifExists().execute();
    await db.schema.dropIndex('application_live_status_date_ix').ifExists().execute();
  }
  for (const c of COUNTED) await dropRowTriggers(db, c.table, `list_count_${c.table}`, ['ai', 'ad', 'au']);
  await db.schema.dropTable('list_count').ifExists().execute();
  if (!isPostgres(db)) {
    await db.schema.dropIndex('application_live_date_ix').ifExists().execute();
    await db.schema.dropIndex('application_live_status_date_ix').ifExists().execute();
  }
}
