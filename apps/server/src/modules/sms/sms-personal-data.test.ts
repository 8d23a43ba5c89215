import { sql, type CompiledQuery, type KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isPostgres } from '../../db/database.js';
import { useTestApp } from '../../test/signed-in.js';
import { createSmsPersonalData } from './personal-data.repository.js';
import { rowNumber } from './recipient-row.js';

// Decision 382's leftovers: the number a refused row's cells write, and the index the person's rows are found by.
describe('the number a recipient row writes (rowNumber)', () => {
  it('reads international forms without a region, or with one it does not know', () => {
    const written: [string, string | null][] = [
      ['+33 6 12 34 56 78', ''],
      ['+33 6 12 34 56 78', null],
      ['＋33 6 12 34 56 78', ''],
      ['＋３３ ６ １２ ３４ ５６ ７８', ''],
      ['+33 6 12 34 56 78', 'France'],
      ['0033 6 12 34 56 78', ''],
      ['+33\u20096\u202f12\u00a034\u300056\u206078', ''],
      ['+33 (0)6-12-34-56-78', ''],
      // National forms with their region, as the upload reads them.
      ['06 12 34 56 78', 'FR'],
      ['０６ １２ ３４ ５６ ７８', '+33'],
    ];
    for (const [mobile, region] of written) expect(rowNumber(mobile, region), mobile).toBe('+33612345678');
  });

  it('reads no number from national digits without a region', () => {
    expect(rowNumber('06 12 34 56 78', '')).toBeUndefined();
    expect(rowNumber('33612345678', '')).toBeUndefined();
    expect(rowNumber('0612345678', null)).toBeUndefined();
    // With a region, '00' is read by that region's rules (Taiwan's international prefixes are 002, 005, …).
    expect(rowNumber('0033 6 12 34 56 78', 'TW')).not.toBe('+33612345678');
  });
});

describe("a person's recipient rows are found through sms_recipient_phone_ix", () => {
  const t = useTestApp();

  it('the export and the erasure read the numbers and the refused rows by the index, never the whole table', async () => {
    const db = t.db.db;
    // The statement the part runs, captured as it is compiled.
    let compiled: CompiledQuery | undefined;
    const capture: KyselyPlugin = {
      transformQuery: (args) => {
        compiled ??= db.getExecutor().compileQuery(args.node, args.queryId);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    await createSmsPersonalData(db.withPlugin(capture)).personalData(
      { memberId: 0, emails: [], phones: ['+33612345678'] },
      [],
    );
    const q = compiled!;
    expect(q.sql).toContain('"sms_recipient"');
    const params = [...q.parameters];
    const inline = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
    if (isPostgres(db)) {
      const text = q.sql.replace(/\$(\d+)/g, (_, n: string) => inline(q.parameters[Number(n) - 1]));
      const plan = await db.transaction().execute(async (tx) => {
        // The test's table is tiny: without these the planner reads it whole whatever the indexes, by a sequential
        // scan or a walk of the primary key's whole index (chosen once in a CI run). With both off, only an index
        // whose condition the statement gives can serve it (a bitmap scan), as at 60,000 rows (decision 392).
        await sql`set local enable_seqscan = off`.execute(tx);
        await sql`set local enable_indexscan = off`.execute(tx);
        return sql.raw<{ 'QUERY PLAN': string }>(`explain ${text}`).execute(tx);
      });
      const lines = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(lines).toContain('sms_recipient_phone_ix');
      expect(lines).not.toMatch(/Seq Scan|sms_recipient_pkey|sms_recipient_batch_ix|sms_recipient_phone_ux/);
    } else {
      const text = q.sql.replace(/\?/g, () => inline(params.shift()));
      const plan = await sql.raw<{ detail: string }>(`explain query plan ${text}`).execute(db);
      const details = plan.rows.map((r) => r.detail).join(' | ');
      expect(details).toContain('sms_recipient_phone_ix');
      expect(details).not.toMatch(/SCAN sms_recipient(?! USING)/);
    }
  });
});
