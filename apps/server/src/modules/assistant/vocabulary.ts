import type { Locale } from '@study-crm/shared';

type Convert = (text: string) => string;
let simplify: Promise<Convert> | undefined;

// Dictionary names are entered in Traditional Chinese; zh-CN answers show them in Simplified Chinese, as the web app
// does (opencc-js, Taiwan → mainland; its tables load on the first zh-CN use).
export function simplifier(): Promise<Convert> {
  simplify ??= import('opencc-js/t2cn').then(({ Converter }) => Converter({ from: 'tw', to: 'cn' }));
  return simplify;
}

export type StatusEntry = { value: string; label: string; label2: string | null };

// An application status in the caller's language: the English name in en-US, the Chinese name otherwise.
export async function statusNamer(entries: readonly StatusEntry[], locale: Locale) {
  const byValue = new Map(entries.map((e) => [e.value, e]));
  const cn = locale === 'zh-CN' ? await simplifier() : null;
  return (value: string): string => {
    const e = byValue.get(value);
    if (!e) return value;
    if (locale === 'en-US') return e.label2 || e.label;
    return cn ? cn(e.label) : e.label;
  };
}

// Words people use for the seeded statuses besides their dictionary names (in the three languages). A status
// staff added or renamed is still found by its dictionary names and value.
const STATUS_WORDS: Readonly<Record<string, readonly string[]>> = {
  draft: ['草稿', 'draft', 'drafts'],
  submitted: ['已提交', '已遞交', '已递交', 'submitted'],
  processing: ['處理中', '处理中', '審核中', '审核中', 'processing', 'being processed', 'in progress'],
  offer_conditional: [
    '有條件錄取',
    '有条件录取',
    '有條件',
    '有条件',
    'conditional offer',
    'conditional offers',
    'conditional',
  ],
  offer_unconditional: [
    '無條件錄取',
    '无条件录取',
    '無條件',
    '无条件',
    'unconditional offer',
    'unconditional offers',
    'unconditional',
  ],
  rejected: ['已拒絕', '已拒绝', '被拒', '拒絕', '拒绝', 'rejected', 'refused'],
  withdrawn: ['已撤回', '撤回', 'withdrawn'],
  enrolled: ['已入學', '已入学', '入學', '入学', 'enrolled', 'enrolment', 'enrollment'],
};
// Both offers: "how many offers", "錄取".
const OFFER_WORDS = ['錄取', '录取', 'offer', 'offers'];
// A CAS (Confirmation of Acceptance for Studies) is issued once an offer is unconditional: "waiting for a CAS".
export const CAS_WORDS = ['cas'];

export type StatusMatch = { statuses: string[]; isCas: boolean };

const fold = (text: string) => text.normalize('NFKC').toLowerCase();
// Latin words match whole (so "cas" is not found in "case"); Chinese words anywhere.
function contains(text: string, word: string): boolean {
  const w = fold(word);
  if (!/^[a-z0-9 _-]+$/.test(w)) return text.includes(w);
  return new RegExp(`(^|[^a-z0-9])${w.replace(/[-_ ]/g, '[-_ ]?')}($|[^a-z0-9])`).test(text);
}

// The application statuses a question names, from the dictionary (names in both scripts and values) and the
// words above; the longest phrase wins ("unconditional" before "conditional"). CAS questions name the status whose
// value or names mention a CAS when the dictionary has one, otherwise the unconditional offer.
export async function matchStatuses(question: string, entries: readonly StatusEntry[]): Promise<StatusMatch | null> {
  const text = fold(question);
  const known = new Set(entries.map((e) => e.value));
  const cn = await simplifier();
  const phrases: { phrase: string; statuses: string[] }[] = [];
  for (const e of entries) {
    for (const p of [e.label, cn(e.label), e.label2 ?? '', e.value, e.value.replace(/_/g, ' ')]) {
      if (p.trim().length >= 2) phrases.push({ phrase: p, statuses: [e.value] });
    }
  }
  for (const [value, words] of Object.entries(STATUS_WORDS)) {
    if (known.has(value)) for (const w of words) phrases.push({ phrase: w, statuses: [value] });
  }
  const offers = ['offer_conditional', 'offer_unconditional'].filter((v) => known.has(v));
  if (offers.length) for (const w of OFFER_WORDS) phrases.push({ phrase: w, statuses: offers });

  if (CAS_WORDS.some((w) => contains(text, w))) {
    const casStatus = entries.find((e) => [e.value, e.label, e.label2 ?? ''].some((p) => contains(fold(p), 'cas')));
    const target = casStatus?.value ?? (known.has('offer_unconditional') ? 'offer_unconditional' : null);
    if (target) return { statuses: [target], isCas: true };
  }
  phrases.sort((a, b) => b.phrase.length - a.phrase.length);
  let rest = text;
  const found: string[] = [];
  for (const { phrase, statuses } of phrases) {
    if (!contains(rest, phrase)) continue;
    for (const s of statuses) if (!found.includes(s)) found.push(s);
    rest = rest.split(fold(phrase)).join(' ');
  }
  return found.length ? { statuses: found, isCas: false } : null;
}
