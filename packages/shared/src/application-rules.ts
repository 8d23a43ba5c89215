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
