import { isIsoDate } from './application-rules.js';
import type { Locale } from './locale.js';
import { addDays, addMonths, addYears, daysBetween } from './uk-days.js';

export * from './uk-days.js';

// The Student visa checklist and language-test rules (issue 40; sources in docs/uk-admissions.md): pure date
// arithmetic the server checks on save and the web shows, on YYYY-MM-DD calendar dates.

// What a configurable stage is for; a stage without a kind is one an administrator added (no rule of its own).
export const VISA_STAGE_KINDS = [
  'offerMet',
  'casRequested',
  'casIssued',
  'funds',
  'tbTest',
  'visaApplied',
  'decision',
  'travel',
  'enrolled',
] as const;
export type VisaStageKind = (typeof VISA_STAGE_KINDS)[number];
// The steps' names by kind, as the record's checklist, the visa stages screen and its export name them.
export const VISA_STAGE_NAMES = {
  'zh-TW': {
    offerMet: '錄取條件達成',
    casRequested: '申請 CAS',
    casIssued: 'CAS 已簽發',
    funds: '資金證明',
    tbTest: '肺結核檢測（如需）',
    visaApplied: '遞交簽證申請',
    decision: '簽證結果',
    travel: '出發',
    enrolled: '註冊入學',
  },
  'zh-CN': {
    offerMet: '录取条件达成',
    casRequested: '申请 CAS',
    casIssued: 'CAS 已签发',
    funds: '资金证明',
    tbTest: '肺结核检测（如需）',
    visaApplied: '递交签证申请',
    decision: '签证结果',
    travel: '出发',
    enrolled: '注册入学',
  },
  'en-US': {
    offerMet: 'Offer conditions met',
    casRequested: 'CAS requested',
    casIssued: 'CAS issued',
    funds: 'Financial evidence',
    tbTest: 'TB test (where required)',
    visaApplied: 'Visa applied',
    decision: 'Visa decision',
    travel: 'Travel',
    enrolled: 'Enrolled',
  },
} satisfies Record<Locale, Record<VisaStageKind, string>>;
export const VISA_STEP_STATUSES = ['pending', 'inProgress', 'done', 'notRequired'] as const;
export type VisaStepStatus = (typeof VISA_STEP_STATUSES)[number];
// A step counts as finished (checklist progress, the follow-up ratio) when done or not required.
export const isStepFinished = (s: string) => s === 'done' || s === 'notRequired';

// A CAS is a 14-character reference of capital letters and digits, valid for six months from its issue.
// Source (decision 211): the Home Office's SMS Guide 4A, "Creating a CAS – guide for Student sponsors" (gov.uk,
// updated 26 June 2025) says only that the Sponsorship Management System generates the CAS's unique reference
// number (URN) which the student quotes on the visa application; no Home Office page found states its format. The
// 14 letters and digits are a licensed sponsor's instruction to its students (King's College London, "checking your
// CAS", self-service.kcl.ac.uk KA-01909: "a 14-digit combination of letters and numbers"), which the rule follows.
export const CAS_NUMBER_RE = /^[A-Z0-9]{14}$/;
export const CAS_VALID_MONTHS = 6;
// Funds held for 28 consecutive days, the last of them no more than 31 days before the visa application.
export const FUNDS_HELD_DAYS = 28;
export const FUNDS_MAX_AGE_DAYS = 31;
// A language test counts for a visa for two years from its test date.
export const LANGUAGE_VALID_YEARS = 2;

// The last day a CAS issued on `issued` can be used for a visa application: the day before the same date six months
// on, or, where that month has no such date (issued 29–31 August, 31 March…), that month's last day (decision 368).
export function casExpiry(issued: string): string {
  const same = addMonths(issued, CAS_VALID_MONTHS);
  return same.slice(8) === issued.slice(8) ? addDays(same, -1) : same;
}
// Days from the first to the last day the funds were held, both counted.
export const fundsHeldFor = (from: string, to: string) => daysBetween(from, to) + 1;
// The last day a visa application can use funds held until `to`.
export const fundsLatestVisaDate = (to: string) => addDays(to, FUNDS_MAX_AGE_DAYS);
export const languageExpiry = (testDate: string) => addYears(testDate, LANGUAGE_VALID_YEARS);

// What one saved step of the checklist says, and the dates of the other steps the rules compare it with.
export type StepFacts = {
  kind: string | null;
  status: string;
  date?: string | null | undefined;
  casNumber?: string | null | undefined;
  fundsFrom?: string | null | undefined;
  fundsTo?: string | null | undefined;
};
export type StepProblem = { field: 'casNumber' | 'fundsFrom' | 'fundsTo' | 'date'; reason: string };

// The rules a step is checked by on save; `cas` and `funds` are the application's CAS-issued and funds steps, `visa`
// its visa-applied step (the one being saved replaces its own kind's).
export function stepProblems(
  step: StepFacts,
  others: { casIssued?: string | null; fundsTo?: string | null; visaApplied?: string | null },
): StepProblem[] {
  const out: StepProblem[] = [];
  if (step.kind === 'casIssued') {
    if (step.casNumber && !CAS_NUMBER_RE.test(step.casNumber)) out.push({ field: 'casNumber', reason: 'v.casNumber' });
    if (step.status === 'done' && !step.casNumber) out.push({ field: 'casNumber', reason: 'v.required' });
    if (step.status === 'done' && !step.date) out.push({ field: 'date', reason: 'v.required' });
    // The six months both ways: a CAS saved after the visa-applied step must cover its date too.
    const visa = others.visaApplied;
    if (step.status === 'done' && step.date && visa && (visa < step.date || visa > casExpiry(step.date)))
      out.push({ field: 'date', reason: 'v.casExpired' });
  }
  if (step.kind === 'funds') {
    if (step.fundsFrom && step.fundsTo && step.fundsFrom > step.fundsTo)
      out.push({ field: 'fundsTo', reason: 'v.dateOrder' });
    else if (step.fundsFrom && step.fundsTo && fundsHeldFor(step.fundsFrom, step.fundsTo) < FUNDS_HELD_DAYS)
      out.push({ field: 'fundsFrom', reason: 'v.fundsDays' });
    if (step.status === 'done' && (!step.fundsFrom || !step.fundsTo))
      out.push({ field: step.fundsFrom ? 'fundsTo' : 'fundsFrom', reason: 'v.required' });
    const visa = others.visaApplied;
    if (step.fundsTo && visa && (step.fundsTo > visa || visa > fundsLatestVisaDate(step.fundsTo)))
      out.push({ field: 'fundsTo', reason: 'v.fundsWindow' });
  }
  if (step.kind === 'visaApplied' && step.date) {
    const cas = others.casIssued;
    if (cas && (step.date < cas || step.date > casExpiry(cas))) out.push({ field: 'date', reason: 'v.casExpired' });
    const funds = others.fundsTo;
    if (funds && (funds > step.date || step.date > fundsLatestVisaDate(funds)))
      out.push({ field: 'date', reason: 'v.fundsWindow' });
  }
  return out;
}

// ---------- language tests against the course ----------

// Tests on the Home Office's list of Secure English Language Tests (by the dictionary value's family); the score of
// an IELTS Academic or TOEFL is for the university, not for the visa.
export const UKVI_TEST_TYPES = ['ielts_ukvi', 'pte_ukvi', 'languagecert', 'trinity', 'skills_for_english', 'oxford'];
export const isUkviTest = (testType: string, isUkvi: number) =>
  isUkvi === 1 || UKVI_TEST_TYPES.some((t) => testType.toLowerCase().startsWith(t));
// Businesses below degree level need CEFR B1; every other course is degree level (B2).
export const BELOW_DEGREE_TYPES = ['foundation', 'boarding_school'];
export type Cefr = 'A2' | 'B1' | 'B2' | 'C1';
export const levelNeeded = (businessType: string | null | undefined): Cefr =>
  businessType && BELOW_DEGREE_TYPES.includes(businessType) ? 'B1' : 'B2';
// The business a course's level is read from: below degree level only when every follow-up business of the
// application is (a foundation, a boarding school); null (degree level) otherwise.
export const courseBusiness = (types: readonly string[]): string | null =>
  types.length && types.every((t) => levelNeeded(t) === 'B1') ? types[0]! : null;
// The lowest score in each part a SELT needs for a CEFR level (IELTS for UKVI bands; PTE Academic UKVI scores).
const MINIMA: Record<'IELTS' | 'PTE', Record<'B1' | 'B2', number>> = {
  IELTS: { B1: 4.0, B2: 5.5 },
  PTE: { B1: 43, B2: 59 },
};
export type ScoreFacts = {
  testType: string;
  testDate: string | null;
  futureBooking: number;
  isUkvi: number;
  listening: number | null;
  reading: number | null;
  writing: number | null;
  speaking: number | null;
};
export type LanguageFlag = 'expiresBeforeCourse' | 'notUkvi' | 'belowLevel';

// What is wrong with a test score for a Student visa for a course starting on `courseStart` (null: not known).
export function languageFlags(s: ScoreFacts, courseStart: string | null, businessType: string | null): LanguageFlag[] {
  if (s.futureBooking || !s.testDate || !isIsoDate(s.testDate)) return [];
  const out: LanguageFlag[] = [];
  if (courseStart && languageExpiry(s.testDate) < courseStart) out.push('expiresBeforeCourse');
  if (!isUkviTest(s.testType, s.isUkvi)) out.push('notUkvi');
  const v = s.testType.toLowerCase();
  const family = v.startsWith('ielts') ? 'IELTS' : v.startsWith('pte') ? 'PTE' : null;
  const parts = [s.listening, s.reading, s.writing, s.speaking].filter((p): p is number => p !== null);
  const level = levelNeeded(businessType);
  if (family && parts.length === 4 && Math.min(...parts) < MINIMA[family][level === 'B1' ? 'B1' : 'B2'])
    out.push('belowLevel');
  return out;
}
