import {
  sql,
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type OnModifyForeignAction,
  type RawBuilder,
} from 'kysely';
import { isPostgres } from '../database.js';

// Migrations that have run on deployed databases use these helpers: what each builds must never change
// (schema-pin.test.ts holds the schema all migrations build, on both engines). A new shape is a new helper.

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

type Build = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

// One column of a table: its type and what it requires, on PostgreSQL (pg) or SQLite.
type Column = (pg: boolean) => [ColumnDataType, Build];

// A table's columns in their order (column name → column kind).
export type Columns = Record<string, Column>;

// A column that is the same on both engines.
const alike =
  (type: ColumnDataType, build: Build = (c) => c): Column =>
  () => [type, build];

// The kinds of column a table is described with: `{ name: column.required('varchar(60)'), … }`.
export const column = {
  // The auto-increment integer primary key: the only engine-specific column type of our schema.
  id: (): Column => (pg) =>
    pg ? ['serial', (c) => c.primaryKey()] : ['integer', (c) => c.primaryKey().autoIncrement()],
  optional: (type: ColumnDataType) => alike(type),
  required: (type: ColumnDataType) => alike(type, notNull),
  // Required, and filled with `value` where a write leaves it out.
  withDefault: (type: ColumnDataType, value: string | number) => alike(type, (c) => c.notNull().defaultTo(value)),
  // Required, and different in every row.
  unique: (type: ColumnDataType) => alike(type, (c) => c.notNull().unique()),
  // A natural primary key (a code, a key string).
  primaryKey: (type: ColumnDataType) => alike(type, (c) => c.primaryKey()),
  // Lower-cased text searched by prefix ranges: byte order ("C" collation) on PostgreSQL, as SQLite compares it.
  byteOrdered:
    (type: ColumnDataType): Column =>
    (pg) => [type, (c) => (pg ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull())],
  optionalByteOrdered:
    (type: ColumnDataType): Column =>
    (pg) => [type, (c) => (pg ? c.modifyEnd(sql`collate "C"`) : c)],
  // An optional reference to a row (e.g. 'member.id'), and what becomes of it when that row goes.
  reference: (target: string, onDelete?: OnModifyForeignAction) =>
    alike('integer', (c) => (onDelete ? c.references(target).onDelete(onDelete) : c.references(target))),
  requiredReference: (target: string) => alike('integer', (c) => c.notNull().references(target)),
  // A required reference whose rows go with the row they point at.
  ownedBy: (target: string) => alike('integer', (c) => c.notNull().references(target).onDelete('cascade')),
  // The primary key of a row that extends the row it points at (one per member), and goes with it.
  ownerKey: (target: string) => alike('integer', (c) => c.primaryKey().references(target).onDelete('cascade')),
};

// created_at / updated_at as epoch milliseconds.
export const TIMESTAMPS: Columns = { created_at: column.required('bigint'), updated_at: column.required('bigint') };

// What a table holds besides its columns: a composite primary key (named `<table>_pk`), check constraints by name.
type TableConstraints = { primaryKey?: string[]; checks?: Record<string, RawBuilder<unknown>> };

// A table of the columns given, in their order.
export function createTable(db: Kysely<unknown>, table: string, columns: Columns, constraints: TableConstraints = {}) {
  const pg = isPostgres(db);
  let builder: CreateTableBuilder<string, string> = db.schema.createTable(table);
  for (const [name, kind] of Object.entries(columns)) builder = builder.addColumn(name, ...kind(pg));
  if (constraints.primaryKey) builder = builder.addPrimaryKeyConstraint(`${table}_pk`, constraints.primaryKey);
  for (const [name, condition] of Object.entries(constraints.checks ?? {}))
    builder = builder.addCheckConstraint(name, condition);
  return builder.execute();
}

// A table with the id primary key first and the two timestamps last.
export function createTableWithId(
  db: Kysely<unknown>,
  table: string,
  columns: Columns,
  constraints: TableConstraints = {},
) {
  return createTable(db, table, { id: column.id(), ...columns, ...TIMESTAMPS }, constraints);
}

// A table of required columns whose key is some of them (counters, the last send per address), its primary key
// named `<table>_pk`.
export function createKeyedTable(
  db: Kysely<unknown>,
  table: string,
  columns: Record<string, ColumnDataType>,
  key: string[],
) {
  const required = Object.entries(columns).map(([name, type]) => [name, column.required(type)]);
  return createTable(db, table, Object.fromEntries(required), { primaryKey: key });
}

// Columns added to an existing table, one statement each (SQLite adds one column at a time).
export async function addColumns(db: Kysely<unknown>, table: string, columns: Columns): Promise<void> {
  const pg = isPostgres(db);
  for (const [name, kind] of Object.entries(columns))
    await db.schema
      .alterTable(table)
      .addColumn(name, ...kind(pg))
      .execute();
}

const index = (db: Kysely<unknown>, name: string, table: string, columns: string[]) =>
  db.schema.createIndex(name).on(table).columns(columns);
const live = sql.ref('deleted_at');

// A plain (non-unique) index.
export function createIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  return index(db, name, table, columns).execute();
}

export function createUniqueIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  return index(db, name, table, columns).unique().execute();
}

// An index of the rows not deleted (soft delete: `deleted_at is null`), as the lists read them.
export function createLiveIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  return index(db, name, table, columns).where(live, 'is', null).execute();
}

// Unique among the rows not deleted (a deleted member's e-mail may be taken again).
export function createLiveUniqueIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  return index(db, name, table, columns).unique().where(live, 'is', null).execute();
}

// On PostgreSQL, the row triggers that keep a table of counters in step with `table`: the function `${name}_fn`
// (its PL/pgSQL `body`, kept as written), run by `${name}_iud` after each insert or delete and by `${name}_u` after
// an update of `update.columns` (only when `update.when` holds, where given). dropRowTriggers takes them away.
export async function createRowTriggers(
  db: Kysely<unknown>,
  table: string,
  name: string,
  body: RawBuilder<unknown>,
  update: { columns: string; when?: RawBuilder<unknown> },
): Promise<void> {
  const fn = sql.id(`${name}_fn`);
  const on = sql.id(table);
  await sql`create function ${fn}() returns trigger language plpgsql as $$${body} $$`.execute(db);
  await sql`create trigger ${sql.id(`${name}_iud`)} after insert or delete on ${on}
    for each row execute function ${fn}()`.execute(db);
  await sql`create trigger ${sql.id(`${name}_u`)} after update of ${sql.raw(update.columns)} on ${on}
    for each row ${update.when ? sql`when (${update.when}) ` : sql``}execute function ${fn}()`.execute(db);
}

// The PL/pgSQL body of a function keeping something of live rows (deleted_at is null), counters or search parts:
// `remove` takes the old row out (when it was live), `add` puts the new one in (when it is live).
export const liveCounterBody = (remove: RawBuilder<unknown>, add: RawBuilder<unknown>) => sql`
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null then
        ${remove}
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
        ${add}
      end if;
      return null;
    end`;

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

// A `change_counter` row that every write to `tables` moves in its own transaction (statement triggers on
// PostgreSQL through the function `fn`, named `${table}_${trigger}`; row triggers `${table}_${trigger}_ai|au|ad` on
// SQLite), so a reader sees the new rows and the new count together or neither. The row starts at 1.
export async function createChangeCounter(
  db: Kysely<unknown>,
  counter: string,
  names: { fn: string; trigger: string },
  tables: readonly string[],
): Promise<void> {
  const bump = sql`insert into change_counter (name, value) values (${sql.lit(counter)}, 1)
      on conflict (name) do update set value = change_counter.value + 1`;
  await sql`insert into change_counter (name, value) values (${sql.lit(counter)}, 1)
    on conflict (name) do nothing`.execute(db);
  if (isPostgres(db)) {
    await sql`create function ${sql.id(names.fn)}() returns trigger language plpgsql as $$
    begin
      ${bump};
      return null;
    end $$`.execute(db);
    for (const t of tables)
      await sql`create trigger ${sql.id(`${t}_${names.trigger}`)} after insert or update or delete or truncate
        on ${sql.id(t)} for each statement execute function ${sql.id(names.fn)}()`.execute(db);
  } else {
    for (const t of tables)
      for (const [suffix, event] of [
        ['ai', 'insert'],
        ['au', 'update'],
        ['ad', 'delete'],
      ] as const)
        await sql`create trigger ${sql.id(`${t}_${names.trigger}_${suffix}`)} after ${sql.raw(event)} on ${sql.id(t)}
          begin ${bump}; end`.execute(db);
  }
}

// Takes away what createChangeCounter made (the counter's row stays: its value may still be read).
export async function dropChangeCounter(
  db: Kysely<unknown>,
  names: { fn: string; trigger: string },
  tables: readonly string[],
): Promise<void> {
  if (isPostgres(db)) {
    for (const t of tables)
      await sql`drop trigger if exists ${sql.id(`${t}_${names.trigger}`)} on ${sql.id(t)}`.execute(db);
    await sql`drop function if exists ${sql.id(names.fn)}()`.execute(db);
  } else {
    for (const t of tables)
      for (const suffix of ['ai', 'au', 'ad'])
        await sql`drop trigger if exists ${sql.id(`${t}_${names.trigger}_${suffix}`)}`.execute(db);
  }
}
