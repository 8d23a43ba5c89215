import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import type { Conn } from '../../db/conn.js';
import { type ErasureSubject, line, mayHold, type PersonalDataPart, scrubText } from '../../db/personal-data.js';

// Audit entries about the person for the subject access export (issue 41): what they did, and what was done to
// their member record.
export function createAuditPersonalData(db: Db) {
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
      return { parts: [part('audit/audit_log', rows)], files: noFiles };
    },
  };
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

async function recordEntries(tx: Conn, s: ErasureSubject) {
  const out: { id: number; changes: string | null; ids: Set<number> }[] = [];
  for (const [table, ids] of s.records) {
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const rows = await tx
        .selectFrom('auditLog')
        .select(['id', 'changes'])
        .where('recordType', '=', table)
        .where('recordId', 'in', chunk)
        .where('changes', 'is not', null)
        .execute();
      for (const r of rows) out.push({ ...r, ids: new Set(chunk) });
    }
  }
  return out;
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
