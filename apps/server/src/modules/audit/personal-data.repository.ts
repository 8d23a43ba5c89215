import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import type { Conn } from '../../db/conn.js';
import { changesOf } from './audit-changes.js';
import { type ErasureSubject, line, mayHold, type PersonalDataPart, scrubText } from '../../db/personal-data.js';

// Audit entries about the person for the subject access export (issue 41): what they did, and what was done to
// their member record. An entry's `changes` hold the values before and after of the records the call wrote: only the
// changes of the person's own records (their member record and CV, their applications) are theirs to see; those of
// anyone else's records (a staff member's edits of students' applications and payments) are left out, the entry
// itself (action, record type and ids, time, outcome, origin) stays. `applicationIdsOf` is the application module's
// (through the wiring): which applications are the person's.
export function createAuditPersonalData(
  db: Db,
  { applicationIdsOf }: { applicationIdsOf: (memberId: number) => Promise<number[]> },
) {
  return {
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const rows = await db
        .selectFrom('auditLog')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('memberId', '=', s.memberId),
            eb.and([eb('recordType', '=', 'member'), eb('recordId', '=', s.memberId)]),
          ]),
        )
        .orderBy('id')
        .execute();
      const own = new Map<string, ReadonlySet<number>>([
        ['member', new Set([s.memberId])],
        ['personalCv', new Set([s.memberId])],
        ['application', new Set(await applicationIdsOf(s.memberId))],
      ]);
      return {
        parts: [
          part(
            'audit/audit_log',
            rows.map((r) => Object.assign({}, r, { changes: ownChanges(r, own) })),
          ),
        ],
        files: noFiles,
      };
    },
  };
}

// The changes of an entry that are of the person's own records (by record type and id); null when none are.
function ownChanges(
  row: { recordType: string | null; changes: string | null },
  own: ReadonlyMap<string, ReadonlySet<number>>,
): string | null {
  const ids = row.recordType ? own.get(row.recordType) : undefined;
  if (!ids?.size) return null;
  const mine = changesOf(row).filter((c) => ids.has(c.id));
  return mine.length ? JSON.stringify(mine) : null;
}

// The audit log keeps the fact of everything that happened to an erased person's records, never their values:
// - the entries of their records (the tables and ids the other parts noted) keep which fields changed, without the
//   values before and after;
// - any other entry whose diff holds one of their values has it replaced by the pseudonym;
// - the entries of their own calls lose the address and browser they came from.
// Runs inside the erasure's log guard (the log is append-only otherwise).
type Change = { id?: number; field?: string; before?: unknown; after?: unknown; secret?: boolean };

function withoutValues(changes: string | null, ids: ReadonlySet<number>): string | null {
  if (!changes) return null;
  let list: Change[];
  try {
    list = JSON.parse(changes) as Change[];
  } catch {
    return '[]';
  }
  if (!Array.isArray(list)) return '[]';
  const out = list.map((c) =>
    c.id !== undefined && ids.has(c.id) ? { id: c.id, field: c.field, ...(c.secret ? { secret: true } : {}) } : c,
  );
  const text = JSON.stringify(out);
  return text === changes ? null : text;
}

// The entries of the person's records: by the entry's first record, or (a call on several records) by its list of
// them. One entry once, with every id of the person's it names.
async function recordEntries(tx: Conn, s: ErasureSubject) {
  const out = new Map<number, { id: number; changes: string | null; ids: Set<number> }>();
  for (const [table, ids] of s.records) {
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const listed = sql.join(
        chunk.map((id) => sql<SqlBool>`(',' || ${sql.ref('recordIds')} || ',') like ${`%,${id},%`}`),
        sql` or `,
      );
      const rows = await tx
        .selectFrom('auditLog')
        .select(['id', 'changes', 'recordId', 'recordIds'])
        .where('recordType', '=', table)
        .where((eb) =>
          eb.or([eb('recordId', 'in', chunk), eb.and([eb('recordIds', 'like', '%,%'), sql<SqlBool>`(${listed})`])]),
        )
        .where('changes', 'is not', null)
        .execute();
      const mine = new Set(chunk);
      for (const r of rows) {
        const named = [r.recordId, ...(r.recordIds ?? '').split(',').map(Number)].filter(
          (id): id is number => id !== null && mine.has(id),
        );
        const entry = out.get(r.id) ?? { id: r.id, changes: r.changes, ids: new Set<number>() };
        for (const id of named) entry.ids.add(id);
        out.set(r.id, entry);
      }
    }
  }
  return [...out.values()];
}

export const auditPersonalData: PersonalDataPart = {
  module: 'audit',
  async plan(tx, s) {
    const records = await recordEntries(tx, s);
    const diffs = await tx
      .selectFrom('auditLog')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(mayHold('changes', s))
      .executeTakeFirst();
    const own = await tx
      .selectFrom('auditLog')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('memberId', '=', s.memberId)
      .executeTakeFirst();
    return [
      line('audit', 'auditLog', 'anonymise', records.length + Number(diffs?.n ?? 0), 'factOnly'),
      line('audit', 'auditLogOrigin', 'anonymise', Number(own?.n ?? 0), 'factOnly'),
    ];
  },
  async erase(tx, s) {
    let scrubbed = 0;
    for (const r of await recordEntries(tx, s)) {
      const text = withoutValues(r.changes, r.ids);
      if (text === null) continue;
      await tx.updateTable('auditLog').set({ changes: text }).where('id', '=', r.id).execute();
      scrubbed++;
    }
    const rows = await tx.selectFrom('auditLog').select(['id', 'changes']).where(mayHold('changes', s)).execute();
    for (const r of rows) {
      const text = scrubText(r.changes, s);
      if (text === null) continue;
      await tx.updateTable('auditLog').set({ changes: text }).where('id', '=', r.id).execute();
      scrubbed++;
    }
    const own = await tx
      .updateTable('auditLog')
      .set({ ip: null, userAgent: null })
      .where('memberId', '=', s.memberId)
      .executeTakeFirst();
    return {
      lines: [
        line('audit', 'auditLog', 'anonymise', scrubbed, 'factOnly'),
        line('audit', 'auditLogOrigin', 'anonymise', Number(own.numUpdatedRows), 'factOnly'),
      ],
    };
  },
};
