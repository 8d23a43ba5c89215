import type { ErasureSubject } from '../../db/personal-data.js';

// How an erasure rewrites one audit entry (decision 343), for the live log and its archive files alike.
// - The changes of the person's records (the entry's record type and ids the other parts noted, by the entry's record
//   ids or the changes' own ids) keep which fields changed, not the values.
// - An entry that names one of their records has each of their values replaced by the pseudonym wherever it stands
//   as a whole word (in its other records' changes too); an entry that does not keeps its text, as the records it is
//   of do, except the person's own e-mail addresses, which are theirs alone.
// - An entry of their own call loses the address and browser it came from (the repositories).

// Scripts written without spaces between words: a value in them is found inside a longer run of them.
const UNSPACED = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}`;
// A letter, digit or mark of a spaced script: what a word must not touch on either side.
const SPACED_WORD_CHAR = String.raw`(?:(?![${UNSPACED}])[\p{L}\p{N}\p{M}])`;
const isSpacedWordChar = (c: string) => new RegExp(`^${SPACED_WORD_CHAR}$`, 'u').test(c);
const isUnspaced = (v: string) => new RegExp(`^[${UNSPACED}]+$`, 'u').test(v);

// A value matches only where no letter or digit of a spaced script is next to it (so "Ann" is not found in
// "Annabel" or "Channing"; a Latin name next to Chinese text still is), case-insensitively. A value of Chinese,
// Japanese or Korean characters only is found anywhere (those words are not space-separated), from two characters;
// any other value from three (shorter ones would match everywhere).
export function wordPattern(value: string): RegExp | null {
  const v = value.trim();
  const chars = [...v];
  if (chars.length < (isUnspaced(v) ? 2 : 3)) return null;
  const escaped = v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const before = isSpacedWordChar(chars[0]!) ? `(?<!${SPACED_WORD_CHAR})` : '';
  const after = isSpacedWordChar(chars[chars.length - 1]!) ? `(?!${SPACED_WORD_CHAR})` : '';
  return new RegExp(`${before}${escaped}${after}`, 'giu');
}

export type ErasureMatcher = {
  memberId: number;
  pseudonym: string;
  // The person's records by table, as the audit log names them.
  records: ReadonlyMap<string, ReadonlySet<number>>;
  // Every value (replaced in entries that concern the person) and the e-mail addresses (replaced in every entry).
  values: readonly RegExp[];
  everywhere: readonly RegExp[];
};

export function erasureMatcher(s: ErasureSubject): ErasureMatcher {
  const compile = (values: Iterable<string>) =>
    [...new Set(values)]
      // Longest first: a full name goes whole before its first name is looked for.
      .sort((a, b) => b.length - a.length)
      .map(wordPattern)
      .filter((p): p is RegExp => p !== null);
  return {
    memberId: s.memberId,
    pseudonym: s.pseudonym,
    records: new Map([...s.records].map(([table, ids]) => [table, new Set(ids)])),
    values: compile(s.values),
    everywhere: compile(s.emails),
  };
}

export function replaceWords(text: string, patterns: readonly RegExp[], by: string): string {
  let out = text;
  for (const p of patterns) out = out.replace(p, by);
  return out;
}

type Change = { id?: unknown; field?: unknown; secret?: unknown };
export type ScrubbedEntry = {
  memberId: number | null;
  recordType: string | null;
  recordId: number | null;
  recordIds: string | null;
  changes: string | null;
};

// The ids of the person's records an entry names: its first record, its list, and its changes' ids (a list longer
// than its column is cut, the changes name every record).
function personIdsIn(entry: ScrubbedEntry, changes: unknown, m: ErasureMatcher): Set<number> {
  const mine = entry.recordType ? m.records.get(entry.recordType) : undefined;
  const out = new Set<number>();
  if (!mine?.size) return out;
  const named = [entry.recordId, ...(entry.recordIds ?? '').split(',').map(Number)];
  if (Array.isArray(changes)) for (const c of changes as Change[]) if (typeof c?.id === 'number') named.push(c.id);
  for (const id of named) if (typeof id === 'number' && mine.has(id)) out.add(id);
  return out;
}

// Every string of a JSON value (not the keys) with the patterns replaced.
function replaceInJson(value: unknown, patterns: readonly RegExp[], by: string): unknown {
  if (typeof value === 'string') return replaceWords(value, patterns, by);
  if (Array.isArray(value)) return value.map((v) => replaceInJson(v, patterns, by));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceInJson(v, patterns, by)]));
  return value;
}

// The entry's changes as the erasure leaves them; null when they stay as they are.
export function scrubChanges(entry: ScrubbedEntry, m: ErasureMatcher): string | null {
  const text = entry.changes;
  if (!text) return null;
  let parsed: unknown;
  let isJson = true;
  try {
    parsed = JSON.parse(text);
  } catch {
    isJson = false;
  }
  const ids = personIdsIn(entry, parsed, m);
  const patterns = ids.size ? [...m.values, ...m.everywhere] : m.everywhere;
  // Not JSON (never written so): its text, word by word.
  if (!isJson) {
    const out = replaceWords(text, patterns, m.pseudonym);
    return out === text ? null : out;
  }
  if (Array.isArray(parsed) && ids.size)
    parsed = (parsed as Change[]).map((c) =>
      typeof c?.id === 'number' && ids.has(c.id)
        ? { id: c.id, field: c.field, ...(c.secret ? { secret: true } : {}) }
        : c,
    );
  const out = JSON.stringify(replaceInJson(parsed, patterns, m.pseudonym));
  // Compared with the text as the log writes it (JSON.stringify), so an entry read back unchanged is not rewritten.
  return out === text || out === JSON.stringify(JSON.parse(text)) ? null : out;
}
