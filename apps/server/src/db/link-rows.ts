import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { Conn } from './transaction.js';

// Tables that link one row to others by two ids: a member's roles, a role's permissions, a member's labels.
export type LinkTable = 'memberRole' | 'rolePermission' | 'memberLabel';
type Column<T extends LinkTable> = keyof Database[T] & string;

// Kysely cannot type a statement on a table whose name is a type parameter (see versioned-rows.ts), so the
// statements run on this loose view; the signature keeps each table's column names.
type Loose = Kysely<Record<string, Record<string, unknown>>>;

// Replaces the rows linking one owner (`ownerColumn` = `ownerId`, e.g. a member) with one row per id in `column`
// (e.g. its roles), each with `extra` (e.g. createdAt).
export async function replaceLinks<T extends LinkTable>(
  conn: Conn,
  table: T,
  ownerColumn: Column<T>,
  ownerId: number,
  column: Column<T>,
  ids: readonly number[],
  extra: Partial<Record<Column<T>, number>> = {},
): Promise<void> {
  const loose = conn as unknown as Loose;
  const name: string = table;
  const owner: string = ownerColumn;
  await loose.deleteFrom(name).where(owner, '=', ownerId).execute();
  if (ids.length)
    await loose
      .insertInto(name)
      .values(ids.map((id) => ({ ...extra, [owner]: ownerId, [column]: id })))
      .execute();
}
