import { DICT_TYPES } from './dict-types.js';

// The application module's constants and the rules its web form and the server share, without zod: a screen that
// needs only these (the list's dictionary types, its sort fields) does not load the schemas.

// Dictionary types this module reads; statuses, services and test types are stored as the entry's VALUE string.
// The server accepts only ENABLED values of these types (one dictionary query per save).
export const APPLICATION_DICT = {
  status: DICT_TYPES.applicationStatus,
  gender: DICT_TYPES.gender,
  languageTestType: DICT_TYPES.languageTestType,
  followService: DICT_TYPES.followService,
  businessType: DICT_TYPES.businessType,
  followStatus: DICT_TYPES.followStatus,
  fileType: DICT_TYPES.fileType,
} as const;
// Defaults when none is given: seeded values of application_status, follow_status and file_type.
export const APPLICATION_DEFAULT_STATUS = 'draft';
export const FOLLOW_DEFAULT_STATUS = 'open';
export const FILE_DEFAULT_TYPE = 'other';
export const UCAS_MAX_CHOICES = 5;
export const PASSPORT_WARN_MONTHS = 6;

// ---------- rules shared by the web form and the server ----------

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export function isIsoDate(v: string): boolean {
  if (!DATE_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

// Phone "with region": a 1-4 digit country code and 5-15 digits (spaces and dashes ignored).
export const AREA_CODE_RE = /^\+?\d{1,4}$/;
export const PHONE_RE = /^\d{5,15}$/;
export const normalizePhone = (v: string) => v.replace(/[\s-]/g, '');

export function isValidUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}

// IELTS overall band: mean of the four parts, .25 rounds up to .5 and .75 up to the next whole band.
export function ieltsOverall(parts: readonly number[]): number {
  const mean = parts.reduce((a, b) => a + b, 0) / parts.length;
  const whole = Math.floor(mean);
  const frac = mean - whole;
  if (frac < 0.25) return whole;
  if (frac < 0.75) return whole + 0.5;
  return whole + 1;
}

type ScoreRule = { min: number; max: number; step: number; totalMin: number; totalMax: number; totalStep: number };
export type ScoreFamily = 'IELTS' | 'TOEFL' | 'PTE';
export const SCORE_RULES: Readonly<Record<ScoreFamily, ScoreRule>> = {
  IELTS: { min: 0, max: 9, step: 0.5, totalMin: 0, totalMax: 9, totalStep: 0.5 },
  TOEFL: { min: 0, max: 30, step: 1, totalMin: 0, totalMax: 120, totalStep: 1 },
  PTE: { min: 10, max: 90, step: 1, totalMin: 10, totalMax: 90, totalStep: 1 },
};

// Score rules key on the test-type family of the dictionary value (ielts_academic, ielts_ukvi → IELTS);
// other tests (duolingo, languagecert, …) only need non-negative scores.
export function scoreFamily(testType: string): ScoreFamily | null {
  const v = testType.toLowerCase();
  if (v.startsWith('ielts')) return 'IELTS';
  if (v.startsWith('toefl')) return 'TOEFL';
  if (v.startsWith('pte')) return 'PTE';
  return null;
}

// Follow-up completion ratio as a whole percent: done items / all items.
export const completionPercent = (done: number, total: number) => (total > 0 ? Math.round((done * 100) / total) : 0);

// A row's place in the default order (applicationDate, id): "2026-11-23~123".
export const APPLICATION_CURSOR = /^\d{4}-\d{2}-\d{2}~[1-9]\d{0,9}$/;
export const APPLICATION_SORT_FIELDS = ['applicationDate', 'createdAt', 'name', 'status'] as const;

// ---------- UK admissions (issue 40; sources in docs/uk-admissions.md) ----------

// A target school's route: a UCAS undergraduate choice, or a direct application (postgraduate).
export const TARGET_ROUTES = ['ucas', 'direct'] as const;
export type TargetRoute = (typeof TARGET_ROUTES)[number];
// Subjects with the 15 October deadline and the four-choice limit.
export const MEDICAL_SUBJECTS = ['medicine', 'dentistry', 'veterinary'] as const;
export type MedicalSubject = (typeof MEDICAL_SUBJECTS)[number];
export const TARGET_DECISIONS = ['pending', 'conditional', 'unconditional', 'unsuccessful', 'withdrawn'] as const;
export type TargetDecision = (typeof TARGET_DECISIONS)[number];
export const TARGET_REPLIES = ['firm', 'insurance', 'declined'] as const;
export type TargetReply = (typeof TARGET_REPLIES)[number];
export const TARGET_DEFAULT_DECISION: TargetDecision = 'pending';
export const MEDICAL_MAX_CHOICES = 4;
// UCAS institution codes of the two universities a cycle may not combine.
export const OXBRIDGE_CODES = { O33: 'oxford', C05: 'cambridge' } as const;

// What the choice rules read of a target-school row.
export type ChoiceRow = {
  school: string;
  ucasCode?: string | null | undefined;
  route?: string | null | undefined;
  cycleId?: number | null | undefined;
  institutionCode?: string | null | undefined;
  subjectArea?: string | null | undefined;
  decision?: string | null | undefined;
  reply?: string | null | undefined;
  applicationDate?: string | null | undefined;
};

// A row is a UCAS choice when its route says so, or (rows saved before routes) when it has a UCAS course code.
export const isUcasChoice = (r: ChoiceRow) => r.route === 'ucas' || (!r.route && !!r.ucasCode);

// Oxford or Cambridge, by UCAS institution code (O33, C05) or by the university's own name; "Oxford Brookes" or
// "Anglia Ruskin University Cambridge" are neither.
export function oxbridgeOf(r: ChoiceRow): 'oxford' | 'cambridge' | null {
  const code = r.institutionCode?.trim().toUpperCase();
  if (code && code in OXBRIDGE_CODES) return OXBRIDGE_CODES[code as keyof typeof OXBRIDGE_CODES];
  const name = r.school
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (name === 'university of oxford' || name === 'oxford university') return 'oxford';
  if (name === 'university of cambridge' || name === 'cambridge university') return 'cambridge';
  return null;
}

export const isMedicalChoice = (r: ChoiceRow) => MEDICAL_SUBJECTS.includes(r.subjectArea as MedicalSubject);
// The courses whose on-time deadline is the early one (15 October).
export const hasEarlyDeadline = (r: ChoiceRow) => isUcasChoice(r) && (oxbridgeOf(r) !== null || isMedicalChoice(r));
// Which of its cycle's deadlines a choice is on time by; null for a row that is not a UCAS choice. The server stores
// it per choice on save (application_target_school.deadline_key), and "this week", the reminders and the board read
// that: a change to this rule needs a migration rewriting the stored keys (as migration 0094 wrote them).
export type OnTimeDeadline = 'early' | 'equal';
export const onTimeDeadlineOf = (r: ChoiceRow): OnTimeDeadline | null =>
  !isUcasChoice(r) ? null : hasEarlyDeadline(r) ? 'early' : 'equal';

// A cycle's dates as the rules read them (YYYY-MM-DD).
export type CycleDates = {
  id: number;
  entryYear: number;
  earlyDeadline: string;
  equalDeadline: string;
  finalDeadline: string;
};

// Advice, not refusal: a UCAS choice applied after its on-time deadline (the early one for Oxford, Cambridge and
// medicine/dentistry/veterinary, else equal consideration) is late; after the final deadline it goes to Clearing.
export type DeadlineFlag = { index: number; message: string; deadline: string; entry: number };
export function deadlineFlags(rows: readonly ChoiceRow[], cycles: readonly CycleDates[]): DeadlineFlag[] {
  const out: DeadlineFlag[] = [];
  rows.forEach((r, index) => {
    const cycle = cycles.find((c) => c.id === r.cycleId);
    const date = r.applicationDate;
    const onTime = onTimeDeadlineOf(r);
    if (!cycle || !date || !onTime) return;
    const entry = cycle.entryYear;
    if (date > cycle.finalDeadline) out.push({ index, message: 'w.clearing', deadline: cycle.finalDeadline, entry });
    else if (onTime === 'early' && date > cycle.earlyDeadline)
      out.push({ index, message: 'w.earlyDeadline', deadline: cycle.earlyDeadline, entry });
    else if (date > cycle.equalDeadline)
      out.push({ index, message: 'w.lateApplication', deadline: cycle.equalDeadline, entry });
  });
  return out;
}

// Deadline time of day: HH:MM, 24-hour.
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

// Application statuses (seeded values) after which nothing more happens: the application is closed. An erasure is
// refused while the person holds an application in any other status; retention counts closed years from its last
// change (issue 41).
export const APPLICATION_CLOSED_STATUSES = ['rejected', 'withdrawn', 'enrolled'] as const;
