import type { NameParts } from './helpers.js';

// Plain text functions, no schema: the web's list filters use them on the first screen (npm run size).
// Finding a person by any name a picker shows (issue 36): each word of what is typed must be part of one of the
// person's names, compared lower-cased with accents folded ("zoe" finds "Zoë", "chan amy" finds "Amy Chan").

// Text as searches compare it: compatibility forms folded (NFKD: the full-width letters and digits of a CJK input
// method as their plain ones, decision 347), accents folded (combining marks removed), lower-cased, spaces collapsed.
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

// The words of a search, folded, each once; at most `max` of them (what is typed is short).
export function searchWords(keyword: string | null | undefined, max = 6): string[] {
  return keyword ? [...new Set(foldForSearch(keyword).split(' ').filter(Boolean))].slice(0, max) : [];
}

// The words the server matches a list keyword or the search box by: a number typed with its trunk 0 ("0912…") as
// phones are kept (the national number without it, decisions 347 and 349), its leading zeros dropped. What holds the
// word also holds it without them, so no hit is lost. (The server's only: the web's pickers match names.)
export const keywordWords = (keyword: string | null | undefined, max = 6): string[] => [
  ...new Set(searchWords(keyword, max).map((w) => (/^\d+$/.test(w) ? w.replace(/^0+(?=\d)/, '') : w))),
];

// The names a person is found by, in the order a reason is given: the English name (as shown, last then first),
// Chinese name, nickname, login name, e-mail, mobile.
export const PERSON_MATCH_FIELDS = ['name', 'fullName', 'nickName', 'loginName', 'email', 'mobile'] as const;
export type PersonMatchField = (typeof PERSON_MATCH_FIELDS)[number];
export type PersonNames = NameParts & { loginName?: string | null };
// Why a person was found: the name that holds a word of the search, as stored (PersonMatchSchema on the wire).
export type PersonMatch = { field: PersonMatchField; value: string };

const text = (v: string | null | undefined) => (v ?? '').trim();

function namesOf(p: PersonNames): [PersonMatchField, string][] {
  const english = [text(p.engLastName), text(p.engFirstName)].filter(Boolean).join(' ');
  const all: [PersonMatchField, string][] = [
    ['name', english],
    ['fullName', text(p.fullName)],
    ['nickName', text(p.nickName)],
    ['loginName', text(p.loginName)],
    ['email', text(p.email)],
    ['mobile', text(p.mobile)],
  ];
  return all.filter(([, v]) => v !== '');
}

// The one text a person is searched in (the member table's search_text): every name folded, joined by a space,
// so a word of a search (which holds no space) matches inside one name only.
export function personSearchText(p: PersonNames): string {
  return namesOf(p)
    .map(([, v]) => foldForSearch(v))
    .join(' ');
}

// The names that hold the words of a search, each name once, in field order: empty when no words were given,
// null when some word is in none of the names.
export function personMatches(p: PersonNames, words: readonly string[]): PersonMatch[] | null {
  const names = namesOf(p).map(([field, value]) => ({ field, value, folded: foldForSearch(value) }));
  const hit = new Set<PersonMatchField>();
  for (const w of words) {
    const name = names.find((n) => n.folded.includes(w));
    if (!name) return null;
    hit.add(name.field);
  }
  return names.filter((n) => hit.has(n.field)).map(({ field, value }) => ({ field, value }));
}

// Whether each word of what is typed is part of `text` (a picker that filters its own options, such as the
// staff filters, matches as the server does).
export function holdsWords(text: string, keyword: string): boolean {
  const folded = foldForSearch(text);
  return searchWords(keyword).every((w) => folded.includes(w));
}

// The one text a record is found by in the search box (issue 39, decision 138): its names and keys, each folded,
// joined by a space (the `search_text` column its module writes; migration 0045).
export function searchText(parts: readonly (string | null | undefined)[]): string {
  return parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .map(foldForSearch)
    .join(' ');
}
