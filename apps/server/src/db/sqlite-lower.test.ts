import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/signed-in.js';
import { isPostgres } from './database.js';
import { analyzeAll } from './statistics.js';
import { lowerAsPostgres, lowerSpellings, unicodeLowerContains, unicodeLowerIn } from './sqlite-lower.js';

// Decision 382's leftover: the personal-data matching folds letter case with `unicode_lower(x)`, the same on both
// engines: PostgreSQL's lower() in a UTF-8 database (these are its answers: each character alone, so no final sigma
// and 'İ' is 'i'). lower() stays each engine's own: SQLite's folds A–Z only.
const FOLDED: [string, string][] = [
  ['ÉLISE.Dupont@Example.com', 'élise.dupont@example.com'],
  ['ΟΔΟΣ ΣΑΣ', 'οδοσ σασ'],
  ['İSTANBUL', 'istanbul'],
  ['STRASSE ẞ', 'strasse ß'],
  ['ǅ ǈ', 'ǆ ǉ'],
  ['ÅNGSTRÖM Ⅻ Ⓐ', 'ångström ⅻ ⓐ'],
  ['ДМИТРИЙ', 'дмитрий'],
  ['𐐀', '𐐨'],
];

const one = async <T>(db: Kysely<unknown>, query: ReturnType<typeof sql<{ v: T }>>) =>
  (await query.execute(db)).rows[0]!.v;

describe('unicode_lower(x) and lower(x)', () => {
  const t = useTestApp();
  const raw = () => t.db.db.withoutPlugins() as unknown as Kysely<unknown>;

  it("unicode_lower folds every letter as PostgreSQL's lower() on both engines", async () => {
    const db = raw();
    for (const [text, folded] of FOLDED) {
      expect(lowerAsPostgres(text)).toBe(folded);
      expect(await one<string>(db, sql`select unicode_lower(${text}) as v`), text).toBe(folded);
    }
    expect(await one<string | null>(db, sql`select unicode_lower(null) as v`)).toBeNull();
    // A column of a table, in an expression index's place (deterministic on SQLite, immutable on PostgreSQL).
    expect(await one<string>(db, sql`select unicode_lower(x) as v from (select 'ÉLISE' as x) as t`)).toBe('élise');
  });

  it('lower() is left as each engine has it: SQLite folds A–Z only', async () => {
    const db = raw();
    const lowered = await one<string>(db, sql`select lower(${'ÉLISE.Dupont'}) as v`);
    expect(lowered).toBe(isPostgres(db) ? 'élise.dupont' : 'Élise.dupont');
  });

  it('lowerSpellings lists what lower() gives for every text unicode_lower folds alike', async () => {
    const db = raw();
    expect(lowerSpellings('élise')?.sort()).toEqual(['Élise', 'Élİse', 'élise', 'élİse'].sort());
    expect(lowerSpellings('kk')).toHaveLength(4);
    // Two choices for each of these letters: too many to list.
    expect(lowerSpellings('дмитрий@почта.рф')).toBeNull();
    for (const [text, folded] of [...FOLDED, ['ÉLİSE.DUPONT@EXAMPLE.COM', 'élise.dupont@example.com'] as const]) {
      const spellings = lowerSpellings(folded, 1 << 16);
      const lowered = await one<string>(db, sql`select lower(${text}) as v`);
      expect(spellings, text).toContain(lowered);
    }
  });

  it('unicodeLowerIn and unicodeLowerContains find every letter case, on both engines', async () => {
    const db = t.db.db;
    const now = 1;
    const recipients = [
      'ÉLISE.Dupont@Example.com',
      'ÉLİSE.DUPONT@EXAMPLE.COM',
      'élise.dupont@example.com',
      'elise.dupont@example.com',
      'ÉLISE.Dupont@Example.org',
      'ДМИТРИЙ@ПОЧТА.РФ',
      'дмитрий@почта.рф',
      'дмитрии@почта.рф',
    ];
    const ids: Record<string, number> = {};
    for (const recipient of recipients) {
      ids[recipient] = (
        await db
          .insertInto('deliveryOutbox')
          .values({
            channel: 'email',
            messageId: 1,
            recipient,
            status: 'sent',
            nextAttemptAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    const found = async (where: ReturnType<typeof unicodeLowerIn>) =>
      (await db.selectFrom('deliveryOutbox').select('recipient').where(where).orderBy('id').execute()).map(
        (r) => r.recipient,
      );
    const elise = ['ÉLISE.Dupont@Example.com', 'ÉLİSE.DUPONT@EXAMPLE.COM', 'élise.dupont@example.com'];
    const dmitri = ['ДМИТРИЙ@ПОЧТА.РФ', 'дмитрий@почта.рф'];
    expect(await found(unicodeLowerIn('recipient', ['élise.dupont@example.com']))).toEqual(elise);
    expect(await found(unicodeLowerIn('recipient', ['дмитрий@почта.рф']))).toEqual(dmitri);
    expect(await found(unicodeLowerIn('recipient', ['élise.dupont@example.com', 'дмитрий@почта.рф']))).toEqual([
      ...elise,
      ...dmitri,
    ]);
    expect(await found(unicodeLowerIn('recipient', []))).toEqual([]);
    expect(await found(unicodeLowerContains('recipient', 'ÉLISE.DUPONT@'))).toEqual([
      ...elise,
      'ÉLISE.Dupont@Example.org',
    ]);
    expect(await found(unicodeLowerContains('recipient', 'Дмитрий@'))).toEqual(dmitri);
    // LIKE's own characters are text.
    expect(await found(unicodeLowerContains('recipient', 'élise_dupont'))).toEqual([]);
  });

  it('an index on lower(column) serves unicodeLowerIn (PostgreSQL puts lower() in unicode_lower’s place)', async () => {
    const db = t.db.db;
    // Outbox rows to many addresses, and the statistics the app keeps (db/statistics.ts): without them SQLite's
    // planner guesses that one value of `channel` is fewer rows than four of lower(recipient).
    await db
      .insertInto('deliveryOutbox')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          channel: i % 3 ? 'email' : 'sms',
          messageId: 1,
          recipient: i % 3 ? `person.${i}@example.com` : `+3361234${String(i).padStart(4, '0')}`,
          status: 'sent',
          nextAttemptAt: 1,
          createdAt: 1,
          updatedAt: 1,
        })),
      )
      .execute();
    await analyzeAll(db);
    const q = db
      .selectFrom('deliveryOutbox')
      .select('id')
      .where('channel', '=', sql.lit('email'))
      .where(unicodeLowerIn('recipient', ['élise.dupont@example.com']))
      .compile();
    const params = [...q.parameters];
    const inline = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
    if (isPostgres(db)) {
      const plan = await db.transaction().execute(async (tx) => {
        // A whole walk of another index is left out too (as a sequential scan): only an index the condition names.
        await sql`set local enable_seqscan = off`.execute(tx);
        await sql`set local enable_indexscan = off`.execute(tx);
        const text = q.sql.replace(/\$(\d+)/g, (_, n: string) => inline(q.parameters[Number(n) - 1]));
        return sql.raw<{ 'QUERY PLAN': string }>(`explain ${text}`).execute(tx);
      });
      const lines = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(lines).toContain('delivery_outbox_email_recipient_ix');
      expect(lines).not.toContain('unicode_lower');
    } else {
      const text = q.sql.replace(/\?/g, () => inline(params.shift()));
      const plan = await sql.raw<{ detail: string }>(`explain query plan ${text}`).execute(db);
      const details = plan.rows.map((r) => r.detail).join(' | ');
      expect(details).toContain('delivery_outbox_email_recipient_ix');
      expect(details).not.toMatch(/SCAN delivery_outbox(?! USING)/);
    }
  });
});
