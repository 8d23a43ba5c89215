import {
  CamelCasePlugin,
  PostgresAdapter,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type CompiledQuery,
  type OperationNode,
  type QueryResult,
  type RootOperationNode,
  type SelectQueryBuilder,
  type UnknownRow,
  type WithNode,
} from 'kysely';
import { currentAuditScope, type AuditScope } from '../lib/audit-scope.js';
import { looseView } from './loose-view.js';
import type { Conn, Tx } from './conn.js';

// The audit log's writes and diffs (docs/audit.md, decision 133). The scope of a call is in lib/audit-scope.ts.

// Fields never stored, whatever their table: only "changed" (passwords, codes, tokens, encrypted secrets, wallet
// material, TOTP secrets, recovery codes)…
const SECRET_FIELD =
  /pass(word|wd)|secret|token|hash|salt|mnemonic|privatekey|wrappedkey|seed|recovery|totp|otp|captcha|enc$|^code$/i;
// …and the storage keys of stored files (an application file's is its passport's; the entry says the file changed).
const STORAGE_KEY_FIELD = /^(storedName|avatarFile)$/;
// Tables whose every field is a secret or a credential's state, or private words (a XiaoK conversation's title is
// the member's first question).
const SECRET_TABLES = new Set([
  'assistantConversation',
  'session',
  'captcha',
  'memberTwoFactor',
  'memberRecoveryCode',
  'memberWallet',
  'verificationCode',
]);
// Bookkeeping and derived search columns: not changes anyone made.
const IGNORED_FIELD = /^(id|version|createdAt|updatedAt)$|^search|Key$/;
const MAX_VALUE = 500;
// A child row's own bookkeeping: its id (a save replaces the rows), its parent and its place.
const CHILD_IGNORED = /^(id|sort|applicationId)$/;

// Child tables diffed with their record (decision 181): a record type → its sections (the key the diff names) and
// tables, whose rows point at the record by `applicationId` and are compared by place (`sort`), not id, since a
// save replaces them.
export const AUDIT_CHILDREN: Readonly<Record<string, readonly (readonly [section: string, table: string])[]>> = {
  application: [
    ['educations', 'applicationEducation'],
    ['jobs', 'applicationJob'],
    ['languageScores', 'applicationLanguageScore'],
    ['referrers', 'applicationReferrer'],
    ['targetSchools', 'applicationTargetSchool'],
  ],
};

// Sets a record holds through a link table (decision 309): a record type → [field, link table, the link's column
// naming the record, the linked table, the link's column naming its row, that row's identifier]. A change records
// what was added and what was taken away by identifier (a permission's code, a role's or label's name, as they were
// at the time), in the fields `<field>Added` and `<field>Removed`: who gave whom which access is the question an
// audit of access is read for.
export const AUDIT_LINKS: Readonly<
  Record<
    string,
    readonly (readonly [field: string, link: string, owner: string, target: string, ref: string, key: string])[]
  >
> = {
  role: [['permissions', 'rolePermission', 'roleId', 'permission', 'permissionId', 'perm']],
  member: [
    ['roles', 'memberRole', 'memberId', 'role', 'roleId', 'name'],
    ['labels', 'memberLabel', 'memberId', 'label', 'labelId', 'name'],
  ],
};
// A link set as read: distinct from a child section (an array) and from a value.
class LinkSet {
  constructor(readonly keys: ReadonlySet<string>) {}
}

export const isSecretField = (table: string | null, field: string) =>
  (table !== null && SECRET_TABLES.has(table)) || SECRET_FIELD.test(field) || STORAGE_KEY_FIELD.test(field);

// One changed field of one record: before and after as text, or only `secret: true` (a secret that changed).
export type AuditChange = { id: number; field: string; before?: string | null; after?: string | null; secret?: true };

const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE)}…` : s;
};

type Fields = Record<string, unknown>;

// The rows of one section, before and after, compared by place: `targetSchools[2].school` for a changed field of
// the second row; an added row has only `after`s, a removed one only `before`s.
function diffChildren(id: number, section: string, before: Fields[], after: Fields[], out: AuditChange[]): void {
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const b = before[i] ?? null;
    const a = after[i] ?? null;
    for (const field of new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])) {
      if (CHILD_IGNORED.test(field) || IGNORED_FIELD.test(field)) continue;
      const bv = b ? text(b[field]) : null;
      const av = a ? text(a[field]) : null;
      if (bv === av) continue;
      const name = `${section}[${i + 1}].${field}`;
      out.push(
        isSecretField(null, field) ? { id, field: name, secret: true } : { id, field: name, before: bv, after: av },
      );
    }
  }
}

// What a link set gained and lost, each as its identifiers in order, one change for each that is not empty (never
// cut: a set is as long as the table it links to, a few hundred rows at the most).
function diffLinks(id: number, field: string, before: LinkSet | null, after: LinkSet | null, out: AuditChange[]) {
  const b = before?.keys ?? new Set<string>();
  const a = after?.keys ?? new Set<string>();
  const added = [...a].filter((k) => !b.has(k)).sort();
  const removed = [...b].filter((k) => !a.has(k)).sort();
  if (removed.length) out.push({ id, field: `${field}Removed`, before: removed.join(', '), after: null });
  if (added.length) out.push({ id, field: `${field}Added`, before: null, after: added.join(', ') });
}

// The changed fields of the declared records, between the rows read when the call began and now; a section of
// child rows (an array, AUDIT_CHILDREN) is compared row by row.
export function diffRows(
  table: string | null,
  ids: number[],
  before: Map<number, Record<string, unknown>>,
  after: Map<number, Record<string, unknown>>,
): AuditChange[] {
  const out: AuditChange[] = [];
  for (const id of ids) {
    const b = before.get(id) ?? null;
    const a = after.get(id) ?? null;
    const fields = new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})]);
    for (const field of fields) {
      const bs = b?.[field];
      const as = a?.[field];
      if (bs instanceof LinkSet || as instanceof LinkSet) {
        diffLinks(id, field, (bs as LinkSet | undefined) ?? null, (as as LinkSet | undefined) ?? null, out);
        continue;
      }
      if (Array.isArray(bs) || Array.isArray(as)) {
        diffChildren(id, field, (bs ?? []) as Fields[], (as ?? []) as Fields[], out);
        continue;
      }
      if (IGNORED_FIELD.test(field)) continue;
      const bv = b ? text(b[field]) : null;
      const av = a ? text(a[field]) : null;
      if (bv === av) continue;
      out.push(isSecretField(table, field) ? { id, field, secret: true } : { id, field, before: bv, after: av });
    }
  }
  return out;
}

// JSON keys as the rows' own (snake_case columns to camelCase), the same mapping as the connection's plugin.
class RowKeys extends CamelCasePlugin {
  readonly #known = new Map<string, string>();
  key(column: string): string {
    let name = this.#known.get(column);
    if (name === undefined) this.#known.set(column, (name = this.camelCase(column)));
    return name;
  }
}
const rowKeys = new RowKeys();
const camelRow = (row: Fields): Fields => {
  const out: Fields = {};
  for (const k in row) out[rowKeys.key(k)] = row[k];
  return out;
};

// The declared table's rows of these ids (id → row), each with its child sections as arrays in place order (not
// `withChildren`: the rows alone); none without a table or ids. On PostgreSQL one statement (each section a JSON
// array of its rows): an audited write reads its record before and after, and each statement there is a round trip;
// SQLite answers in process. `lock` (PostgreSQL, in a transaction): the rows are locked in id order until it ends,
// as an update of them locks them (`for no key update`: rows inserted elsewhere that refer to them are not held up);
// the record as it was before a write (audit-driver.ts).
export async function readRecords(
  conn: Conn,
  table: string | null,
  ids: number[],
  withChildren = true,
  lock = false,
): Promise<Map<number, Record<string, unknown>>> {
  if (!table || !ids.length) return new Map();
  const out = await readRows(conn, table, ids, withChildren ? (AUDIT_CHILDREN[table] ?? []) : [], lock);
  for (const [field, link, owner, target, ref, key] of out.size ? (AUDIT_LINKS[table] ?? []) : []) {
    const sets = new Map([...out.keys()].map((id) => [id, new Set<string>()]));
    const { rows } = await sql<{ owner: number; ident: string }>`select ${sql.ref(`${link}.${owner}`)} as owner,
      ${sql.ref(`${target}.${key}`)} as ident from ${sql.table(link)}
      join ${sql.table(target)} on ${sql.ref(`${target}.id`)} = ${sql.ref(`${link}.${ref}`)}
      where ${sql.ref(`${link}.${owner}`)} in (${sql.join([...out.keys()])})`.execute(conn);
    for (const r of rows) sets.get(r.owner)?.add(r.ident);
    for (const [id, set] of sets) out.get(id)![field] = new LinkSet(set);
  }
  return out;
}

// The declared table's rows with these child sections (readRecords without the link sets).
async function readRows(
  conn: Conn,
  table: string,
  ids: number[],
  children: (typeof AUDIT_CHILDREN)[string],
  lock: boolean,
): Promise<Map<number, Record<string, unknown>>> {
  const view = looseView<{ id: number; applicationId: number; sort: number }>(conn);
  const locked = <Q extends SelectQueryBuilder<Record<string, { id: number }>, string, object>>(q: Q): Q =>
    lock ? (q.orderBy('id').forNoKeyUpdate() as Q) : q;
  if (children.length && conn.getExecutor().adapter instanceof PostgresAdapter) {
    const rows = await locked(
      view
        .selectFrom(table)
        .selectAll(table)
        .select(
          children.map(([section, child]) =>
            sql<string>`(select coalesce(json_agg(c order by c.sort, c.id), '[]')::text from ${sql.table(child)} c
              where ${sql.ref('c.applicationId')} = ${sql.ref(`${table}.id`)})`.as(section),
          ),
        )
        .where('id', 'in', ids),
    ).execute();
    const out = new Map<number, Record<string, unknown>>();
    for (const r of rows as Fields[]) {
      for (const [section] of children) r[section] = (JSON.parse(r[section] as string) as Fields[]).map(camelRow);
      out.set(r.id as number, r);
    }
    return out;
  }
  const rows = await locked(view.selectFrom(table).selectAll().where('id', 'in', ids)).execute();
  const out = new Map(rows.map((r) => [r.id, r as Record<string, unknown>]));
  for (const [section, child] of out.size ? children : []) {
    for (const r of out.values()) r[section] = [];
    const kids = await view
      .selectFrom(child)
      .selectAll()
      .where('applicationId', 'in', [...out.keys()])
      .orderBy('applicationId')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    for (const k of kids) (out.get(k.applicationId)?.[section] as Fields[] | undefined)?.push(k as Fields);
  }
  return out;
}

export type AuditOutcome = { outcome: 'ok' | 'refused' | 'error'; code: number };

// One entry: the scope's call, its outcome and the diff of its records as they are now on `conn`. With
// `onlyIfChanged` (a call writing again after its entry), none unless its records changed since that entry. A call
// that wrote nothing since its last entry (or whose writes were rolled back) changed nothing: its records are not
// read, and what others changed meanwhile is not put down to it.
export async function writeAuditEntry(
  conn: Conn,
  scope: AuditScope,
  result: AuditOutcome,
  onlyIfChanged = false,
): Promise<void> {
  const after = scope.dirty ? await readRecords(conn, scope.recordType, scope.ids, !scope.rowOnly) : null;
  const changes = after ? diffRows(scope.recordType, scope.ids, scope.before, after) : [];
  scope.dirty = false;
  if (onlyIfChanged && !changes.length) return;
  await conn
    .insertInto('auditLog')
    .values({
      createdAt: Date.now(),
      memberId: scope.memberId,
      roleId: scope.roleId,
      module: scope.module,
      action: scope.action,
      route: scope.route,
      recordType: scope.recordType,
      recordId: scope.ids[0] ?? null,
      recordIds: scope.ids.length ? scope.ids.join(',').slice(0, 400) : null,
      ip: scope.ip,
      userAgent: scope.userAgent ? scope.userAgent.slice(0, 300) : null,
      outcome: result.outcome,
      code: result.code,
      durationMs: Math.max(0, Math.round(performance.now() - scope.startedAt)),
      requestId: scope.requestId,
      changes: changes.length ? JSON.stringify(changes) : null,
    })
    .execute();
  // The next entry of the call (if any) starts from what this one recorded.
  if (after) scope.before = after;
  scope.written += 1;
}

// Called by the transaction helper before it commits: the open call's entry, written in the same transaction as
// its change. Nothing when no call is open or nothing was written since the last entry.
export async function writeAuditBeforeCommit(tx: Tx): Promise<void> {
  const scope = currentAuditScope();
  if (!scope?.dirty) return;
  await writeAuditEntry(tx, scope, { outcome: 'ok', code: 200 }, scope.written > 0);
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function tableOf(node: RootOperationNode): string | null {
  const named = (t: unknown): string | null => {
    const n = t as { kind?: string; table?: { identifier?: { name?: string } } } | undefined;
    return n?.kind === 'TableNode' ? (n.table?.identifier?.name ?? null) : null;
  };
  if (node.kind === 'InsertQueryNode') return named(node.into);
  if (node.kind === 'UpdateQueryNode') return named(node.table);
  if (node.kind === 'DeleteQueryNode') return named(node.from.froms[0]);
  return null;
}

// The scope's named records as they are (on `conn`; `lock`: see readRecords), kept as the call's "before".
export async function readBeforeOn(conn: Conn, scope: AuditScope, lock: boolean): Promise<void> {
  scope.before = await readRecords(conn, scope.recordType, scope.ids.slice(0, scope.named), !scope.rowOnly, lock);
}

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE = /^\s*(insert|update|delete|replace)\b/i;
// The tables a raw `with` statement's insert, update or delete name (a row lock's `for [no key] update` is none).
const RAW_TARGETS = /\b(?:insert\s+into|(?<!\b(?:for|key)\s+)update|delete\s+from)\s+"?(\w+)/gi;
const isAuditTable = (table: string | null) => table === 'audit_log' || table === 'auditLog';

// Whether a statement about to run writes rows (of any table but the audit log's own): a built statement by its
// kind or a common table expression's, a raw one (sql``) by its first word, or as a `with` by the tables its
// insert, update or delete name.
export function writesRows(query: CompiledQuery): boolean {
  const node = query.query;
  if (node.kind !== 'RawNode') return builtWrites(node);
  if (RAW_WRITE.test(query.sql)) return !/^\s*insert\s+into\s+"?audit_log\b/i.test(query.sql);
  return (
    /^\s*with\b/i.test(query.sql) &&
    [...query.sql.matchAll(RAW_TARGETS)].some((m) => !isAuditTable(m[1]!.toLowerCase()))
  );
}
function builtWrites(node: OperationNode): boolean {
  if (WRITES.has(node.kind) && !isAuditTable(tableOf(node as RootOperationNode))) return true;
  const ctes = (node as { with?: WithNode }).with?.expressions ?? [];
  return ctes.some((cte) => builtWrites(cte.expression));
}

// The tables of a record type's child sections, as a statement names them (Kysely's name or the column's).
const CHILD_TABLES = new Map(
  Object.entries(AUDIT_CHILDREN).map(([type, sections]) => [
    type,
    new Set(sections.flatMap(([, table]) => [table, snake(table)])),
  ]),
);

// Notes the ids of the rows the open call inserts into its declared record table (returning id). A call declared to
// write its record's row only that writes one of its child sections fails before the statement runs: its entry
// would not show that change. (That a statement wrote is marked where it runs: audit-driver.ts.)
export class AuditWritePlugin implements KyselyPlugin {
  readonly #inserts = new WeakMap<object, true>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const scope = currentAuditScope();
    if (!scope) return args.node;
    const table = tableOf(args.node);
    if (table === null || isAuditTable(table)) return args.node;
    if (scope.rowOnly && scope.recordType && CHILD_TABLES.get(scope.recordType)?.has(table))
      throw new Error(
        `${scope.module}.${scope.action} is audited as writing its record's row only, but writes ${table}`,
      );
    if (
      args.node.kind === 'InsertQueryNode' &&
      scope.recordType &&
      (table === scope.recordType || table === snake(scope.recordType))
    ) {
      this.#inserts.set(args.queryId, true);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#inserts.has(args.queryId)) {
      const scope = currentAuditScope();
      for (const row of args.result.rows) {
        const id = row.id;
        if (scope && typeof id === 'number' && !scope.ids.includes(id)) scope.ids.push(id);
      }
    }
    return args.result;
  }
}

// The audit log the route helper and the request hooks use (http/audit.ts's AuditLog), on the shared handle. (The
// records as they were are read just before the call's first write, on its connection: audit-driver.ts.)
export function createAuditLog(db: Conn) {
  return {
    async before(scope: AuditScope): Promise<void> {
      scope.beforeRead = readBeforeOn(db, scope, false);
      await scope.beforeRead;
    },
    async finish(scope: AuditScope, outcome: AuditOutcome['outcome'], code: number): Promise<void> {
      await writeAuditEntry(db, scope, { outcome, code }, scope.written > 0);
    },
  };
}
