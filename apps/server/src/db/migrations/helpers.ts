import { sql, type ColumnDataType, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';

// Migrations that have run on deployed databases use these helpers: what each builds must never change
// (schema-pin.test.ts holds the schema all migrations build, on both engines). A new shape is a new helper.

// The only engine-specific bit of our schema: an auto-increment integer primary key.
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

// created_at / updated_at as epoch milliseconds.
export function withTimestamps<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table.addColumn('created_at', 'bigint', notNull).addColumn('updated_at', 'bigint', notNull);
}

// A table with the id primary key first and the two timestamps last, created at once.
export function createTableWithId<C extends string>(
  db: Kysely<unknown>,
  name: string,
  columns: (table: CreateTableBuilder<string, 'id'>) => CreateTableBuilder<string, C>,
) {
  return withTimestamps(columns(withId(db, db.schema.createTable(name)))).execute();
}

// A table of required columns whose key is some of them (counters, the last send per address), its primary key
// named `<table>_pk`.
export function createKeyedTable(
  db: Kysely<unknown>,
  name: string,
  columns: Record<string, ColumnDataType>,
  key: string[],
) {
  let table: CreateTableBuilder<string, string> = db.schema.createTable(name);
  for (const [column, type] of Object.entries(columns)) table = table.addColumn(column, type, notNull);
  return table.addPrimaryKeyConstraint(`${name}_pk`, key).execute();
}

// A plain (non-unique) index.
export function createIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  return db.schema.createIndex(name).on(table).columns(columns).execute();
}

export function createUniqueIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  return db.schema.createIndex(name).on(table).columns(columns).unique().execute();
}

// An index of the rows not deleted (soft delete: `deleted_at is null`), as the lists read them.
export function createLiveIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  return db.schema.createIndex(name).on(table).columns(columns).where(sql.ref('deleted_at'), 'is', null).execute();
}

// A required reference whose rows go with the row they point at (e.g. 'member.id').
export const ownedBy = (target: string) => (c: ColumnDefinitionBuilder) =>
  c.notNull().references(target).onDelete('cascade');

// Drops the row triggers `${prefix}_<suffix>` on `table`: on PostgreSQL the triggers (by default _iud and _u) and
// their function (_fn), on SQLite one trigger per suffix given.
export async function dropRowTriggers(
  db: Kysely<unknown>,
  table: string,
  prefix: string,
  sqliteSuffixes: string[],
  postgresSuffixes = ['iud', 'u'],
): Promise<void> {
  if (isPostgres(db)) {
    for (const s of postgresSuffixes)
      await sql`drop trigger if exists ${sql.id(`${prefix}_${s}`)} on ${sql.id(table)}`.execute(db);
    await sql`drop function if exists ${sql.id(`${prefix}_fn`)}()`.execute(db);
  } else {
    for (const s of sqliteSuffixes) await sql`drop trigger if exists ${sql.id(`${prefix}_${s}`)}`.execute(db);
  }
}
