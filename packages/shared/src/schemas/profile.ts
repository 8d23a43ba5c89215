import { z } from 'zod';
import { IdParam, zId, zInt, zOptText, zText } from '../wire.js';
import { IDENTITY_STATUSES, RoleRefSchema } from './member.js';
import { currencyDigits } from './payment.js';

// The user centre (issue 19): the signed-in member's own profile, CV, location and active role.
// Lists travel as JSON strings in the form-urlencoded body (like application rows) and are stored whole.

export const EMPLOYMENT_MODES = ['fullTime', 'partTime', 'contract', 'internship', 'remote'] as const;
export type EmploymentMode = (typeof EMPLOYMENT_MODES)[number];

// Caps of the list fields: a profile is read and written whole, so each list stays small.
export const PROFILE_LIMITS = { words: 30, wordLength: 40, rows: 20 } as const;

const parseJson = (v: unknown) => {
  if (v === null || v === undefined) return v === null ? [] : undefined;
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return [];
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};
const blankToNull = (r: unknown) =>
  r && typeof r === 'object' && !Array.isArray(r)
    ? Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === '' ? null : v]))
    : r;

// A list of short words (skills, tags, tech stack, languages): trimmed, blanks dropped, duplicates refused.
const words = (what: string) =>
  z
    .preprocess(
      parseJson,
      z
        .array(z.string().trim().min(1).max(PROFILE_LIMITS.wordLength))
        .max(PROFILE_LIMITS.words)
        .refine((a) => new Set(a.map((w) => w.toLowerCase())).size === a.length, 'v.duplicateWord')
        .optional(),
    )
    .describe(`${what}: JSON array of up to ${PROFILE_LIMITS.words} words of at most ${PROFILE_LIMITS.wordLength}`);

const rows = <T extends z.ZodType>(row: T, what: string) =>
  z
    .preprocess(parseJson, z.array(z.preprocess(blankToNull, row)).max(PROFILE_LIMITS.rows).optional())
    .describe(`${what}: JSON array of up to ${PROFILE_LIMITS.rows} rows; absent keeps, empty clears`);

const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const zYearMonth = () => z.string().trim().regex(YEAR_MONTH, 'v.yearMonth').nullish().describe('YYYY-MM');
const period = <T extends { start?: string | null; end?: string | null }>(r: T, ctx: z.RefinementCtx) => {
  if (r.start && r.end && r.end < r.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'v.dateOrder' });
};

export const WorkRowSchema = z
  .object({
    start: zYearMonth(),
    end: zYearMonth().describe('YYYY-MM; empty: to date'),
    company: zText(120),
    title: zOptText(120),
    description: zOptText(1000),
  })
  .superRefine(period);
export const EducationRowSchema = z
  .object({
    start: zYearMonth(),
    end: zYearMonth(),
    school: zText(120),
    major: zOptText(120),
    degree: zOptText(60),
  })
  .superRefine(period);
export const CertificateRowSchema = z.object({
  name: zText(120),
  issuer: zOptText(120),
  date: zYearMonth(),
});
export const AwardRowSchema = z.object({
  name: zText(120),
  issuer: zOptText(120),
  date: zYearMonth(),
});
export type WorkRow = z.infer<typeof WorkRowSchema>;
export type EducationRow = z.infer<typeof EducationRowSchema>;
export type CertificateRow = z.infer<typeof CertificateRowSchema>;
export type AwardRow = z.infer<typeof AwardRowSchema>;

// On update an absent field keeps its value and an empty one clears it (like the member form).
export const ProfileUpdateBody = z
  .object({
    nickName: zOptText(60),
    fullName: zOptText(60).describe('Chinese full name'),
    engLastName: zOptText(60),
    engFirstName: zOptText(60),
    nationality: zOptText(60),
    city: zOptText(100),
    address: zOptText(300),
    summary: zOptText(2000),
    hobbies: zOptText(500),
    workYears: zInt().pipe(z.number().min(0).max(60)).nullish().describe('years of work, 0 to 60'),
    expectedSalary: z
      .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().max(20).nullish())
      .describe('expected salary per year as a decimal in salaryCurrency (e.g. 42000.00); stored in minor units'),
    salaryCurrency: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => currencyDigits(v) !== undefined, { message: 'v.currency' })
      .nullish()
      .describe('ISO 4217 code of expectedSalary, e.g. GBP'),
    employmentMode: z.enum(EMPLOYMENT_MODES).nullish(),
    skills: words('skills'),
    languages: words('languages spoken'),
    jobTags: words('job tags'),
    techStack: words('tech stack'),
    workHistory: rows(WorkRowSchema, 'work history'),
    educationHistory: rows(EducationRowSchema, 'education history'),
    certificates: rows(CertificateRowSchema, 'certificates'),
    awards: rows(AwardRowSchema, 'awards'),
  })
  .superRefine((b, ctx) => {
    if (b.expectedSalary && !b.salaryCurrency)
      ctx.addIssue({ code: 'custom', path: ['salaryCurrency'], message: 'v.required' });
  });
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

export const LocationBody = z
  .object({
    city: zOptText(100).describe('city of the member'),
    location: zOptText(200).describe('free-form location, e.g. "London, United Kingdom"'),
  })
  .refine((b) => Boolean(b.city || b.location), { path: ['city'], message: 'v.required' });
export type LocationBody = z.infer<typeof LocationBody>;

export const SwitchRoleBody = z.object({
  roleId: zId().nullish().describe('a role the caller holds; empty: act with all of their roles'),
});

export const AvatarQuery = IdParam;

export const ProfileDetailSchema = z.object({
  id: z.number().int(),
  displayName: z.string().describe('spec section 3 rule'),
  loginName: z.string().nullable().describe('read-only here'),
  email: z.string().nullable().describe('login e-mail: read-only here, changed through binding'),
  areaCode: z.string().nullable(),
  mobile: z.string().nullable().describe('read-only here, changed through binding'),
  identityStatus: z.enum(IDENTITY_STATUSES),
  nickName: z.string().nullable(),
  fullName: z.string().nullable(),
  engLastName: z.string().nullable(),
  engFirstName: z.string().nullable(),
  avatarImg: z.string().nullable().describe('authenticated download path or URL'),
  nationality: z.string().nullable(),
  city: z.string().nullable(),
  location: z.string().nullable(),
  address: z.string().nullable(),
  summary: z.string().nullable(),
  hobbies: z.string().nullable(),
  workYears: z.number().int().nullable(),
  expectedSalary: z.string().nullable().describe('decimal in salaryCurrency'),
  expectedSalaryMinor: z.number().int().nullable().describe('integer minor units'),
  salaryCurrency: z.string().nullable(),
  employmentMode: z.enum(EMPLOYMENT_MODES).nullable(),
  skills: z.array(z.string()),
  languages: z.array(z.string()),
  jobTags: z.array(z.string()),
  techStack: z.array(z.string()),
  workHistory: z.array(WorkRowSchema),
  educationHistory: z.array(EducationRowSchema),
  certificates: z.array(CertificateRowSchema),
  awards: z.array(AwardRowSchema),
  roles: z.array(RoleRefSchema),
  updatedAt: z.number().int().nullable().describe('last profile save, epoch ms; null before the first'),
});
export type ProfileDetail = z.infer<typeof ProfileDetailSchema>;

export const CvBody = z.object({
  headline: zText(120).describe('the CV title, e.g. "Senior study-abroad consultant"'),
  objective: zOptText(2000).describe('career objective shown above the profile'),
});
export type CvBody = z.infer<typeof CvBody>;

export const PersonalCvSchema = z.object({
  cv: z
    .object({
      headline: z.string(),
      objective: z.string().nullable(),
      createdAt: z.number().int(),
      updatedAt: z.number().int(),
    })
    .nullable()
    .describe('null until the member creates their CV'),
  profile: ProfileDetailSchema.describe("the CV's body: the member's profile"),
});
export type PersonalCv = z.infer<typeof PersonalCvSchema>;
