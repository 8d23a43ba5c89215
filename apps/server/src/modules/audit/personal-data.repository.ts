import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import type { Conn } from '../../db/conn.js';
import { changesOf } from './audit-changes.js';
import { type ErasureSubject, mayHold, partLines, type PersonalDataPart } from '../../db/personal-data.js';
import { erasureMatcher, scrubChanges, type ScrubbedEntry } from './erasure-scrub.js';
import { archiveLines } from './archive-erasure.repository.js';
import type { FileStorage } from '../files/index.js';

// Audit entries about the person for the subject access export (issue 41): what they did, and what was done to
// their member record, from the live log and from its archive files (entries past their period, decision 358). An
// entry's `changes` hold the values before and after of the records the call wrote: only the changes of the person's
// own records (their member record and CV, their applications) are theirs to see; those of anyone else's records (a
// staff member's edits of students' applications and payments) are left out, the entry itself (action, record type
// and ids, time, outcome) stays. The address, browser and request id an entry came from are the caller's: kept only
// on the person's own calls (a staff member's call about them gives neither). `applicationIdsOf` is the application
// module's (through the wiring): which applications are the person's. The archive files are read through the files
// storage: a file gone is passed over, a store out of reach fails the export job (9005, decision 354).
export function createAuditPersonalData(
  db: Db,
  {
    applicationIdsOf,
    storage,
  }: { applicationIdsOf: (memberId: number) => Promise<number[]>; storage: Pick<FileStorage, 'open'> },
) {
  const isAbout = (r: EntryOfExport, memberId: number) =>
    r.memberId === memberId || (r.recordType === 'member' && r.recordId === memberId);
  async function archived(memberId: number): Promise<EntryOfExport[]> {
    const out: EntryOfExport[] = [];
    const files = await db.selectFrom('auditArchive').select('storedName').orderBy('id').execute();
    for (const f of files)
      for await (const text of archiveLines(storage, f.storedName)) {
        const r = archivedEntry(text);
        if (r && isAbout(r, memberId)) out.push(r);
      }
    return out;
  }
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
      // By id: an entry archived twice (a run that failed before removing it), or archived and still live, once.
      const entries = new Map<number, EntryOfExport>();
      for (const r of [...(await archived(s.memberId)), ...rows]) entries.set(r.id, r);
      return {
        parts: [
          part(
            'audit/audit_log',
            [...entries.values()].sort((a, b) => a.id - b.id).map((r) => theirView(r, s.memberId, own)),
          ),
        ],
        files: noFiles,
      };
    },
  };
}

type EntryOfExport = Record<string, unknown> & {
  id: number;
  memberId: number | null;
  recordType: string | null;
  recordId: number | null;
  changes: string | null;
};

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

// One line of an archive file (every column of the entry, as the retention run wrote it); null when unreadable.
function archivedEntry(text: string): EntryOfExport | null {
  let row: Record<string, unknown> | null;
  try {
    row = JSON.parse(text) as Record<string, unknown> | null;
  } catch {
    return null;
  }
  const id = row && typeof row === 'object' ? num(row.id) : null;
  if (!row || id === null) return null;
  return {
    ...row,
    id,
    memberId: num(row.memberId),
    recordType: typeof row.recordType === 'string' ? row.recordType : null,
    recordId: num(row.recordId),
    changes: typeof row.changes === 'string' ? row.changes : null,
  };
}

// The entry as the person gets it: only their own records' changes; another caller's origin left out.
function theirView(r: EntryOfExport, memberId: number, own: ReadonlyMap<string, ReadonlySet<number>>) {
  const isTheirCall = r.memberId === memberId;
  return {
    ...r,
    changes: ownChanges(r, own),
    ...(isTheirCall ? {} : { ip: null, userAgent: null, requestId: null }),
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

// The audit log keeps the fact of everything that happened to an erased person's records, never their values
// (erasure-scrub.ts, decision 343): the entries of their records keep which fields changed, without the values;
// the entries that concern them lose their values as whole words; the entries of their own calls lose the address
// and browser they came from. Runs inside the erasure's log guard (the log is append-only otherwise).
const ENTRY_COLUMNS = ['id', 'memberId', 'recordType', 'recordId', 'recordIds', 'changes'] as const;
type EntryRow = ScrubbedEntry & { id: number };

// The entries of the person's records: by the entry's first record, or (a call on several records) by its list of
// them.
async function recordEntries(tx: Conn, s: ErasureSubject): Promise<EntryRow[]> {
  const out: EntryRow[] = [];
  for (const [table, ids] of s.records) {
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const listed = sql.join(
        chunk.map((id) => sql<SqlBool>`(',' || ${sql.ref('recordIds')} || ',') like ${`%,${id},%`}`),
        sql` or `,
      );
      out.push(
        ...(await tx
          .selectFrom('auditLog')
          .select(ENTRY_COLUMNS)
          .where('recordType', '=', table)
          .where((eb) =>
            eb.or([eb('recordId', 'in', chunk), eb.and([eb('recordIds', 'like', '%,%'), sql<SqlBool>`(${listed})`])]),
          )
          .where('changes', 'is not', null)
          .execute()),
      );
    }
  }
  return out;
}

// Every entry the erasure rewrites, with its new changes: the entries of the person's records, and those whose
// changes may hold one of their values (a lower-cased LIKE finds the candidates, the matcher decides).
async function scrubbedEntries(tx: Conn, s: ErasureSubject): Promise<{ id: number; changes: string }[]> {
  const m = erasureMatcher(s);
  const rows = new Map<number, EntryRow>();
  for (const r of await recordEntries(tx, s)) rows.set(r.id, r);
  for (const r of await tx.selectFrom('auditLog').select(ENTRY_COLUMNS).where(mayHold('changes', s)).execute())
    rows.set(r.id, r);
  const out: { id: number; changes: string }[] = [];
  for (const r of rows.values()) {
    const changes = scrubChanges(r, m);
    if (changes !== null) out.push({ id: r.id, changes });
  }
  return out;
}
// The part's lines (counts: the entries rewritten, the person's own entries whose IP address and user agent go).
const lines = partLines('audit', [
  ['auditLog', 'anonymise', 'factOnly'],
  ['auditLogOrigin', 'anonymise', 'factOnly'],
]);

export const auditPersonalData: PersonalDataPart = {
  module: 'audit',
  async plan(tx, s) {
    const scrubbed = await scrubbedEntries(tx, s);
    const own = await tx
      .selectFrom('auditLog')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('memberId', '=', s.memberId)
      .executeTakeFirst();
    return lines(scrubbed.length, Number(own?.n ?? 0));
  },
  async erase(tx, s) {
    const scrubbed = await scrubbedEntries(tx, s);
    for (const r of scrubbed)
      await tx.updateTable('auditLog').set({ changes: r.changes }).where('id', '=', r.id).execute();
    const own = await tx
      .updateTable('auditLog')
      .set({ ip: null, userAgent: null })
      .where('memberId', '=', s.memberId)
      .executeTakeFirst();
    return { lines: lines(scrubbed.length, Number(own.numUpdatedRows)) };
  },
};
