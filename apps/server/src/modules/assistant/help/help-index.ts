import MiniSearch from 'minisearch';
import { LOCALES, type HelpCard, type Locale } from '@study-crm/shared';
import { ADMIN_CARDS } from './cards-admin.js';
import { USER_CARDS } from './cards-user.js';
import { WORK_CARDS } from './cards-work.js';
import type { HelpCardDef } from './types.js';

export const HELP_CARDS: readonly HelpCardDef[] = [...WORK_CARDS, ...ADMIN_CARDS, ...USER_CARDS];

// Words that say nothing about a screen ("how do I …", "如何…").
const STOP_WORDS = new Set(
  (
    'how do does i a an the to can could what where which is are am my me of in on for and or with it this that ' +
    'you your please xiaok should would want need there here be get one some any we our ' +
    '如何 怎麼 怎么 怎樣 怎样 我 我們 我们 的 要 想 可以 能 在 哪裡 哪里 哪 請問 请问 嗎 吗 呢 吧 一個 一个 個 个 是 ' +
    '什麼 什么 應該 应该 了 把 做 去 到 有 和 與 与 及 或 您 你 請 请 一下 這 这 那'
  ).split(/\s+/),
);

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const CJK = /\p{Script=Han}/u;

// Words of a text: Intl.Segmenter's word segments (Chinese has no spaces), lower case, full-width folded; a Chinese
// word of three or more characters also gives its two-character pieces, so "付款記錄" and "付款 記錄" meet.
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(text.normalize('NFKC').toLowerCase())) {
    if (!s.isWordLike) continue;
    const word = s.segment;
    out.push(word);
    if (word.length >= 3 && CJK.test(word)) {
      for (let i = 0; i + 2 <= word.length; i++) out.push(word.slice(i, i + 2));
    }
  }
  return out;
}

const processTerm = (term: string): string | null => (STOP_WORDS.has(term) ? null : term);
const isLatin = (term: string) => /^[a-z0-9-]+$/.test(term);

// The meaningful words of a query, once each.
export const queryTerms = (query: string): string[] => [
  ...new Set(tokenize(query).filter((t) => processTerm(t) !== null)),
];

type Doc = { id: string; cardId: string; title: string; body: string; keywords: string };

export type HelpHit = { card: HelpCardDef; score: number; coverage: number };

// A small full-text index over the help cards of every screen in the three languages (one document per card and
// language, so a question in any language finds the card); hits come back once per card.
export function createHelpIndex(cards: readonly HelpCardDef[] = HELP_CARDS) {
  const byId = new Map(cards.map((c) => [c.id, c]));
  const search = new MiniSearch<Doc>({
    fields: ['title', 'keywords', 'body'],
    storeFields: ['cardId'],
    tokenize,
    processTerm,
    searchOptions: {
      boost: { title: 3, keywords: 2, body: 1 },
      prefix: (term) => isLatin(term) && term.length >= 3,
      fuzzy: (term) => (isLatin(term) && term.length >= 5 ? 0.2 : false),
      combineWith: 'OR',
    },
  });
  search.addAll(cards.flatMap((c) => LOCALES.map((l) => ({ id: `${c.id}|${l}`, cardId: c.id, ...c[l] }))));

  return {
    // The best cards for a query among those `allowed`, with the share of the query's words the card matched.
    search(query: string, allowed: (card: HelpCardDef) => boolean, limit = 3): HelpHit[] {
      const terms = queryTerms(query);
      if (!terms.length) return [];
      // Single Chinese characters (the segmenter's leftovers) do not count against how well a card matched.
      const weighed = terms.filter((t) => t.length >= 2 || !CJK.test(t));
      const counted = new Set(weighed.length ? weighed : terms);
      const hits = new Map<string, HelpHit>();
      for (const r of search.search(query)) {
        const card = byId.get(String(r.cardId));
        if (!card || !allowed(card) || hits.has(card.id)) continue;
        const matched = r.queryTerms.filter((t) => counted.has(t.toLowerCase()));
        hits.set(card.id, { card, score: r.score, coverage: new Set(matched).size / counted.size });
        if (hits.size >= limit) break;
      }
      return [...hits.values()];
    },
  };
}
export type HelpIndex = ReturnType<typeof createHelpIndex>;

// The index over the built-in cards: read-only once built, so one serves every app of the process (tests start many;
// building it is most of the assistant's share of an app's start).
let builtIn: HelpIndex | undefined;
export const builtInHelpIndex = (): HelpIndex => (builtIn ??= createHelpIndex());

// A card as the wire shows it, in one language.
export const toHelpCard = (c: HelpCardDef, locale: Locale): HelpCard => ({
  id: c.id,
  title: c[locale].title,
  summary: c[locale].body,
  path: c.path,
});
