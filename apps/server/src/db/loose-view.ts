import type { Kysely } from 'kysely';
import type { Conn } from './conn.js';

// Kysely cannot type a statement on a table whose name is a type parameter. The shared statements that take a table
// by name (insertReturningId, updateWhileNull, countIn, replaceLinks, versionedRows, countDemoRows) run on this loose
// view of the connection, each with the row shape it needs; their own signatures keep each table's column types.
export const looseView = <Row extends object = Record<string, unknown>>(conn: Conn) =>
  conn as unknown as Kysely<Record<string, Row>>;
