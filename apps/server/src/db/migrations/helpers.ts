import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../database.js';

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
