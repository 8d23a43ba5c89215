import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Conn, Tx } from './conn.js';
import { isPostgres } from './database.js';
import { lowerAsPostgres, unicodeLowerContains } from './sqlite-lower.js';
import { fullNumbersOf } from '../lib/personal-data.js';

// Issue 41 (docs/data-protection.md): what every module that holds a person's data offers the erasure module through
// its front door. No SQL of another module's tables: each part reads and writes its own.

// Who is erased, and what the parts learnt about them (each part's `collect` adds what its rows hold).
export type ErasureSubject = {
  memberId: number;
  now: number;
  // Set by the member module's part when the member row exists (live or removed).
  exists: boolean;
  // "Erased person #<hash>": replaces their name on the rows kept (payments); stable for one member.
  pseudonym: string;
  // The e-mail address and phone number the pseudonym stands for on kept rows (outbox recipients).
  pseudonymAddress: string;
  // Payment records dated on or after this day (YYYY-MM-DD) are in the accounting period: kept, pseudonymised.
  keepPaymentsFrom: string;
  // The person's e-mail addresses (lower-cased as PostgreSQL's lower() does, `lowerAsPostgres`) and full phone numbers
  // (E.164, `fullNumbersOf`), found on their rows: rows are theirs when addressed to exactly one of them, never by a
  // number's tail.
  emails: Set<string>;
  phones: Set<string>;
  // Their applications (application module), found by member id.
  applicationIds: number[];
  // What was sent to them (delivery module): the e-mails and SMS batches of outbox rows to their addresses.
  received: { email: number[]; sms: number[] };
  // Every personal value found (names, addresses, numbers): scrubbed from the logs' diffs.
  values: Set<string>;
  // The person's records by table (Kysely's name, as the audit log names them): every value in their diffs goes.
  records: Map<string, number[]>;
};

export type ErasureAction = 'erase' | 'anonymise' | 'keep';
export type ErasureLine = { module: string; what: string; action: ErasureAction; count: number; why: string };
export type ErasureRefusal = { reason: 'openApplication' | 'unconfirmedPayment'; ids: number[] };

// One module's share of an erasure. `collect` runs first for every part (in order), then `refusals`, then `plan`
// (the dry run) or `erase` (in the one transaction). `erase` returns the stored files to remove after the commit.
// `eraseTogether`: a part whose work is a pass over something everyone shares (the audit archive files) does it once
// for the people erased in one transaction (the retention run's), after every other part of each of them, as if
// each were erased after the one before: `lines[i]` are `subjects[i]`'s (decision 375).
export type PersonalDataPart = {
  module: string;
  collect?: (conn: Conn, s: ErasureSubject) => Promise<void>;
  refusals?: (conn: Conn, s: ErasureSubject) => Promise<ErasureRefusal[]>;
  plan: (conn: Conn, s: ErasureSubject) => Promise<ErasureLine[]>;
  erase: (tx: Tx, s: ErasureSubject) => Promise<{ lines: ErasureLine[]; storedNames?: string[] }>;
  eraseTogether?: (
    tx: Tx,
    subjects: readonly ErasureSubject[],
  ) => Promise<{ lines: ErasureLine[][]; storedNames?: string[] }>;
};

export const line = (module: string, what: string, action: ErasureAction, count: number, why: string): ErasureLine => ({
  module,
  what,
  action,
  count,
  why,
});

// A part's lines, declared once for its dry run and its erasure (the two report the same rows): each table with its
// action and reason. The function returned takes one count per table, in the same order (a count too few or too
// many does not compile).
type PartRow = readonly [what: string, action: ErasureAction, why: string];
export const partLines =
  <const R extends readonly PartRow[]>(module: string, rows: R) =>
  (...counts: { [K in keyof R]: number }): ErasureLine[] =>
    rows.map(([what, action, why], i) => line(module, what, action, counts[i]!, why));

// Adds a value worth scrubbing (at least three characters: shorter ones would match everywhere).
export function noteValue(s: ErasureSubject, ...values: (string | null | undefined)[]): void {
  for (const v of values) {
    const t = v?.trim();
    if (t && t.length >= 3) s.values.add(t);
  }
}
export function noteRecords(s: ErasureSubject, table: string, ids: readonly number[]): void {
  if (!ids.length) return;
  s.records.set(table, [...new Set([...(s.records.get(table) ?? []), ...ids])]);
}
export function noteEmail(s: ErasureSubject, email: string | null | undefined): void {
  const e = email?.trim();
  if (e) s.emails.add(lowerAsPostgres(e));
  noteValue(s, email);
}
// Numbers kept with the area code of their row (member, application): their full numbers, and as typed for the logs.
export function notePhone(
  s: ErasureSubject,
  areaCode: string | null | undefined,
  ...numbers: (string | null | undefined)[]
): void {
  for (const n of numbers) {
    for (const full of fullNumbersOf(areaCode, n)) s.phones.add(full);
    noteValue(s, n);
  }
}

// The SQLite full-text index of a table keeps a removed text in its segments until they merge: optimise merges
// them at once, so no erased value survives inside the index. PostgreSQL's trigram indexes hold no text copy.
export async function purgeSearchIndex(tx: Tx, ftsTable: string): Promise<void> {
  if (isPostgres(tx)) return;
  await sql`insert into ${sql.table(ftsTable)}(${sql.table(ftsTable)}) values ('optimize')`.execute(tx);
}

// Decision 166: the one way past the append-only triggers of audit_log and payment_track. The guard row lives only
// inside this transaction (inserted first, deleted last), so the logs stay append-only for every other writer.
export async function withLogGuard<T>(
  tx: Tx,
  purpose: 'erasure' | 'retention',
  now: number,
  fn: () => Promise<T>,
): Promise<T> {
  const row = await tx
    .insertInto('erasureGuard')
    .values({ purpose, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const result = await fn();
  await tx.deleteFrom('erasureGuard').where('id', '=', row.id).execute();
  return result;
}

// A JSON text with every personal value replaced (case-insensitively) by the pseudonym; null when nothing changed.
export function scrubText(text: string | null, s: ErasureSubject): string | null {
  if (!text) return null;
  let out = text;
  for (const v of s.values) {
    const escaped = v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(escaped, 'gi'), s.pseudonym);
    // In a JSON text the value may be escaped (quotes, non-ASCII as \uXXXX): match its JSON form too.
    const json = JSON.stringify(v).slice(1, -1);
    if (json !== v) out = out.split(json).join(s.pseudonym);
  }
  return out === text ? null : out;
}

// Rows of a text column that may hold one of the values (a LIKE per value, lower-cased as PostgreSQL's lower() does
// on both engines: `unicodeLowerContains`): the candidates to scrub.
export function mayHold(column: string, s: ErasureSubject): RawBuilder<SqlBool> {
  const values = [...s.values];
  if (!values.length) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(
    values.map((v) => unicodeLowerContains(column, v)),
    sql` or `,
  )})`;
}

type MemberKeyed =
  | 'session'
  | 'memberTwoFactor'
  | 'memberRecoveryCode'
  | 'memberWallet'
  | 'verificationCode'
  | 'memberLabel'
  | 'memberProfile'
  | 'personalCv'
  | 'memberNotice'
  | 'systemMessage'
  | 'memberTodo'
  | 'messageRead'
  | 'assistantConversation';

// Tables of `MemberKeyed` that are records of the audit log (routes declare them) and have an id of their own.
type AuditedMemberKeyed = 'memberNotice' | 'assistantConversation';

// The part of a module whose rows about the person (by member id) simply go: counted by the dry run, deleted by the
// erasure. The module names its own tables, and among them those the audit log records (`audited`): their ids are
// noted, so the audit log's entries of them keep which fields changed, not the values.
export function removedRows(
  module: string,
  tables: readonly MemberKeyed[],
  audited: readonly AuditedMemberKeyed[] = [],
): PersonalDataPart {
  const count = async (conn: Conn, table: MemberKeyed, memberId: number) =>
    Number(
      (
        await conn
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('memberId', '=', memberId)
          .executeTakeFirst()
      )?.n ?? 0,
    );
  return {
    module,
    async collect(conn, s) {
      for (const t of audited) {
        const rows = await conn.selectFrom(t).select('id').where('memberId', '=', s.memberId).execute();
        noteRecords(
          s,
          t,
          rows.map((r) => r.id),
        );
      }
    },
    plan: async (conn, s) =>
      Promise.all(tables.map(async (t) => line(module, t, 'erase', await count(conn, t, s.memberId), 'personal'))),
    async erase(tx, s) {
      const lines: ErasureLine[] = [];
      for (const t of tables) {
        const r = await tx.deleteFrom(t).where('memberId', '=', s.memberId).executeTakeFirst();
        lines.push(line(module, t, 'erase', Number(r.numDeletedRows), 'personal'));
      }
      return { lines };
    },
  };
}
