import { looseView } from './loose-view.js';
import type { Database } from './schema.js';
import type { Conn } from './transaction.js';

// Tables that link one row to others by two ids: a member's roles, a role's permissions, a member's labels.
export type LinkTable = 'memberRole' | 'rolePermission' | 'memberLabel';
type Column<T extends LinkTable> = keyof Database[T] & string;

// Replaces the rows linking one owner (`ownerColumn` = `ownerId`, e.g. a member) with one row per id in `column`
// (e.g. its roles), each with `extra` (e.g. createdAt). Runs on the loose view (db/loose-view.ts).
export async function replaceLinks<T extends LinkTable>(
  conn: Conn,
  table: T,
  ownerColumn: Column<T>,
  ownerId: number,
  column: Column<T>,
  ids: readonly number[],
  extra: Partial<Record<Column<T>, number>> = {},
): Promise<void> {
  const loose = looseView(conn);
  const name: string = table;
  const owner: string = ownerColumn;
  await loose.deleteFrom(name).where(owner, '=', ownerId).execute();
  if (ids.length)
    await loose
      .insertInto(name)
      .values(ids.map((id) => Object.assign({}, extra, { [owner]: ownerId, [column]: id })))
      .execute();
}
