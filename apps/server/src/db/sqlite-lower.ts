import type SQLite from 'better-sqlite3';
import { sql, type RawBuilder, type SqlBool } from 'kysely';

// Decision 382's leftover: the personal-data matching (the subject access export, the erasure and its dry run)
// compares addresses as PostgreSQL's lower() folds them in a UTF-8 database: every letter, one character at a time
// (Unicode's simple mapping: 'ÉLISE' → 'élise', 'İ' → 'i', a final 'Σ' → 'σ'). SQLite's own lower() folds A–Z only,
// and stays so: the app's other lower() uses (sign-in by e-mail, the lists' keyword filters, the expression indexes)
// keep the built-in, which costs no JavaScript call per row and is the one a tool opening the file (the sqlite3 shell)
// writes index entries with. The fold is `unicode_lower(text)` on both engines: registered here on each SQLite
// connection of the app, a SQL function `select lower($1)` on PostgreSQL (migration 0096).
const PER_CHARACTER = /[\u0130\u03a3]/;

export function lowerAsPostgres(text: string): string {
  // JavaScript maps 'İ' to two characters and a Σ by its place in the word; PostgreSQL maps each character alone.
  if (!PER_CHARACTER.test(text)) return text.toLowerCase();
  return Array.from(text, (c) => (c === '\u0130' ? 'i' : c.toLowerCase())).join('');
}

// Registers `unicode_lower(x)` on the connection: deterministic (the same text gives the same answer). NULL stays
// NULL; a number or a blob is read as its text, as SQLite's own lower reads it.
export function registerUnicodeLower(sqlite: SQLite.Database): void {
  sqlite.function('unicode_lower', { deterministic: true }, (value: unknown) => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string') return lowerAsPostgres(value);
    if (Buffer.isBuffer(value)) return lowerAsPostgres(value.toString('utf8'));
    return lowerAsPostgres(String(value));
  });
}

// Every character (not A–Z, which SQLite's lower() folds itself) that the fold turns into another one, by what it
// turns into: 'É' under 'é', 'İ' under 'i', the Kelvin sign under 'k'. Built once, on first use (every cased letter
// lies below U+20000).
let foldedFrom: Map<string, string[]> | undefined;
function charactersFolding(c: string): readonly string[] {
  if (!foldedFrom) {
    const map = new Map<string, string[]>();
    for (let cp = 0; cp < 0x20000; cp++) {
      if ((cp >= 0x41 && cp <= 0x5a) || (cp >= 0xd800 && cp <= 0xdfff)) continue;
      const u = String.fromCodePoint(cp);
      const l = lowerAsPostgres(u);
      if (l !== u && [...l].length === 1) map.set(l, [...(map.get(l) ?? []), u]);
    }
    foldedFrom = map;
  }
  return foldedFrom.get(c) ?? [];
}

// At most this many spellings of one address are listed for an index on lower() (see `lowerSpellings`).
export const SPELLINGS_MAX = 256;

// What SQLite's own lower() gives for the texts `unicode_lower` turns into `folded` (each character of `folded`, or
// one that the fold turns into it: 'élise' ← 'élise', 'Élise', 'élİse', 'Élİse'), so an index on lower(column)
// finds them; PostgreSQL's lower() gives `folded` itself, one of them. Null when there are more than `max`: two
// choices for every non-ASCII letter and every i and k.
export function lowerSpellings(folded: string, max = SPELLINGS_MAX): string[] | null {
  let out = [''];
  for (const c of folded) {
    const choices = [c, ...charactersFolding(c)];
    if (out.length * choices.length > max) return null;
    out = out.flatMap((p) => choices.map((choice) => p + choice));
  }
  return out;
}

// `unicode_lower(column) in (folded)`: the rows whose text PostgreSQL's lower() folds to one of the texts (folded
// with `lowerAsPostgres`). Texts with few spellings are first looked for by lower(column) among their spellings,
// which an index on lower(column) serves on both engines (PostgreSQL inlines unicode_lower to lower) and which
// spares SQLite a JavaScript call for every other row; the others by unicode_lower alone.
export function unicodeLowerIn(column: string, folded: readonly string[]): RawBuilder<SqlBool> {
  const texts = [...new Set(folded)];
  if (!texts.length) return sql<SqlBool>`1 = 0`;
  const col = sql.ref(column);
  const spelled: string[] = [];
  const spellings: string[] = [];
  const unspelled: string[] = [];
  for (const t of texts) {
    const s = lowerSpellings(t);
    if (s) {
      spelled.push(t);
      spellings.push(...s);
    } else unspelled.push(t);
  }
  const list = (values: string[]) => sql.join(values.map((v) => sql.val(v)));
  const terms: RawBuilder<SqlBool>[] = [];
  if (spelled.length) {
    const lowerIn = list([...new Set(spellings)]);
    terms.push(sql<SqlBool>`(lower(${col}) in (${lowerIn}) and unicode_lower(${col}) in (${list(spelled)}))`);
  }
  if (unspelled.length) terms.push(sql<SqlBool>`unicode_lower(${col}) in (${list(unspelled)})`);
  return terms.length === 1 ? terms[0]! : sql<SqlBool>`(${sql.join(terms, sql` or `)})`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// `unicode_lower(column)` holds `text` as PostgreSQL's lower() folds it (a LIKE, as `likeLower`). First the LIKE on
// lower(column) with `_` for each character others fold to (SQLite's lower() may have left one of those), which
// SQLite answers without a JavaScript call and which every row unicode_lower finds passes; unicode_lower only for
// the rows it lets through.
export function unicodeLowerContains(column: string, text: string): RawBuilder<SqlBool> {
  const folded = lowerAsPostgres(text);
  const col = sql.ref(column);
  const loose = `%${Array.from(folded, (c) => (charactersFolding(c).length ? '_' : escapeLike(c))).join('')}%`;
  const exact = `%${escapeLike(folded)}%`;
  return sql<SqlBool>`(lower(${col}) like ${loose} escape '\\' and unicode_lower(${col}) like ${exact} escape '\\')`;
}
