import {
  ApplicationCreateSchema,
  ApplicationPersonalShape,
  EducationSchema,
  JobSchema,
  LanguageScoreSchema,
  ReferrerSchema,
  TargetSchoolSchema,
  UCAS_MAX_CHOICES,
  formatMessage,
  isMessageKey,
  type ApplicationView,
} from '@study-crm/shared';
import { lengthsOf } from '../../../components/form/rules';
import i18n, { currentLocale } from '../../../i18n';

export const SECTIONS = ['educations', 'jobs', 'languageScores', 'referrers', 'targetSchools'] as const;
export type Section = (typeof SECTIONS)[number];
export type FormValues = Record<string, unknown> & Record<Section, Record<string, unknown>[]>;
export const isSection = (name: unknown): name is Section => (SECTIONS as readonly unknown[]).includes(name);

// Input lengths, from the shared schemas the server checks.
export const LEN = {
  personal: lengthsOf(ApplicationPersonalShape),
  educations: lengthsOf(EducationSchema.shape),
  jobs: lengthsOf(JobSchema.shape),
  languageScores: lengthsOf(LanguageScoreSchema.shape),
  referrers: lengthsOf(ReferrerSchema.shape),
  targetSchools: lengthsOf(TargetSchoolSchema.shape),
};

// Target schools: "Add row" stops at two cycles of UCAS choices; the choice rules themselves are checked per cycle
// (decision 142).
export const TARGET_SCHOOLS_MAX = UCAS_MAX_CHOICES * 2;

export const EMPTY_ROW: Record<Section, Record<string, unknown>> = {
  educations: {},
  jobs: {},
  // A seeded language_test_type value: the most common test.
  languageScores: { testType: 'ielts_academic', futureBooking: 0, isUkvi: 0 },
  referrers: { webPush: 0 },
  targetSchools: { route: 'ucas', decision: 'pending' },
};

// The student travels as `studentId`: `memberId` is the caller's own id among the common parameters and must never
// carry the student (the view names the student `memberId` until the server renames it to `studentId`).
type ViewWithStudent = ApplicationView & { memberId?: number | null; studentId?: number | null };

export function toFormValues(v: ApplicationView): FormValues {
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, memberId, ...rest } = v as ViewWithStudent;
  return { ...rest, studentId: rest.studentId ?? memberId ?? null } as unknown as FormValues;
}

// Rows travel as JSON strings; everything else as form fields.
export function toBody(values: FormValues): Record<string, string | number | null> {
  const body: Record<string, string | number | null> = {};
  for (const [k, v] of Object.entries(values)) {
    if (isSection(k)) body[k] = JSON.stringify(v ?? []);
    else body[k] = v === undefined || v === '' ? null : (v as string | number | null);
  }
  return body;
}

export type FieldError = { name: (string | number)[]; errors: string[] };

// The server's own rules (shared schema: score ranges, IELTS overall, UCAS limit…) as form field errors.
export function sharedRuleErrors(values: FormValues): FieldError[] {
  const parsed = ApplicationCreateSchema.safeParse(toBody(values));
  if (parsed.success) return [];
  const locale = currentLocale();
  return parsed.error.issues.map((issue) => {
    const name = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const last = name[name.length - 1];
    const key = isSection(last) ? `application.section.${last}` : `application.f.${String(last)}`;
    const field = typeof last === 'string' ? i18n.t(key, { defaultValue: last }) : '';
    const text = isMessageKey(issue.message) ? formatMessage(issue.message, locale, { field }) : issue.message;
    return { name, errors: [text] };
  });
}
