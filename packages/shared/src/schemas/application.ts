import { z } from 'zod';
import { isValidEmail } from '../helpers.js';
import { isCursor, zFlag, zId, zInt, zOptText, zPaging, zText, pageOf } from '../wire.js';
import {
  APPLICATION_CURSOR,
  APPLICATION_DICT,
  APPLICATION_SORT_FIELDS,
  AREA_CODE_RE,
  ieltsOverall,
  isIsoDate,
  isValidUrl,
  normalizePhone,
  PHONE_RE,
  MEDICAL_SUBJECTS,
  SCORE_RULES,
  scoreFamily,
  TARGET_DECISIONS,
  TARGET_REPLIES,
  TARGET_ROUTES,
  type ChoiceRow,
} from '../application-rules.js';
import { choiceIssues } from '../application-choices.js';

export * from '../application-rules.js';
export * from '../application-choices.js';

// ---------- field builders ----------

// The highest score of a language test without range rules of its own.
const OTHER_SCORE_MAX = 1000;

const zDate = () => z.string().trim().refine(isIsoDate, { message: 'v.date' }).nullish().describe('date YYYY-MM-DD');
const zScore = () =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().nullish());
const zBool = () => z.preprocess((v) => (v === true ? 1 : v === false ? 0 : v), zFlag()).nullish();

type Ctx = z.RefinementCtx;
function issue(ctx: Ctx, path: (string | number)[], message: string) {
  ctx.addIssue({ code: 'custom', path, message });
}
function checkPhone(ctx: Ctx, areaCode: string | null | undefined, mobile: string | null | undefined, path: string[]) {
  if (!mobile) return;
  if (!areaCode || !AREA_CODE_RE.test(areaCode)) issue(ctx, [path[0] ?? 'areaCode'], 'v.phoneRegion');
  else if (!PHONE_RE.test(normalizePhone(mobile))) issue(ctx, [path[1] ?? 'mobile'], 'v.phone');
}
function checkOrder(ctx: Ctx, start: string | null | undefined, end: string | null | undefined, path: string) {
  if (start && end && start > end) issue(ctx, [path], 'v.dateOrder');
}

export const EducationSchema = z
  .object({
    startDate: zDate(),
    endDate: zDate(),
    school: zText(200).describe('school name'),
    location: zOptText(120).describe('city / country'),
    major: zOptText(200),
    attainment: zOptText(120).describe('degree or qualification obtained'),
    gpa: zOptText(20),
  })
  .superRefine((r, ctx) => checkOrder(ctx, r.startDate, r.endDate, 'endDate'));

export const JobSchema = z
  .object({
    startDate: zDate(),
    endDate: zDate(),
    unitName: zText(200).describe('employer / organisation'),
    title: zOptText(120),
    content: zOptText(2000).describe('work content'),
  })
  .superRefine((r, ctx) => checkOrder(ctx, r.startDate, r.endDate, 'endDate'));

export const LanguageScoreSchema = z
  .object({
    testType: zText(32).describe(
      `dictionary ${APPLICATION_DICT.languageTestType} value, e.g. ielts_academic, toefl, pte; ielts*/toefl*/pte* get score-range rules`,
    ),
    testDate: zDate(),
    futureBooking: zBool().describe('1 when the test is booked but not yet taken'),
    registrationNo: zOptText(64),
    isUkvi: zBool().describe('1 for a UKVI test'),
    candidateId: zOptText(64),
    reportFormNo: zOptText(64),
    testName: zOptText(120),
    listening: zScore(),
    reading: zScore(),
    writing: zScore(),
    speaking: zScore(),
    total: zScore(),
  })
  .superRefine((r, ctx) => {
    const parts = ['listening', 'reading', 'writing', 'speaking'] as const;
    const family = scoreFamily(r.testType);
    // Within the range, on the scale's step, and in hundredths at the finest: what a stored score holds on both
    // engines (1e-50 is "on" any step within rounding, and would not fit PostgreSQL's column).
    const fits = (v: number, min: number, max: number, step: number) =>
      v >= min && v <= max && Math.abs(v / step - Math.round(v / step)) < 1e-9 && Number(v.toFixed(2)) === v;
    if (!family) {
      // A test without range rules (Duolingo, LanguageCert, …): any scale up to 1000 (1e300 would not fit
      // PostgreSQL's column).
      for (const p of [...parts, 'total'] as const) {
        const v = r[p];
        if (v != null && !fits(v, 0, OTHER_SCORE_MAX, 0.01)) issue(ctx, [p], 'v.scoreOther');
      }
      return;
    }
    const rule = SCORE_RULES[family];
    for (const p of parts) {
      const v = r[p];
      if (v != null && !fits(v, rule.min, rule.max, rule.step)) issue(ctx, [p], `v.score${family}`);
    }
    if (r.total != null && !fits(r.total, rule.totalMin, rule.totalMax, rule.totalStep)) {
      issue(ctx, ['total'], `v.score${family}Total`);
      return;
    }
    if (family === 'IELTS' && r.total != null) {
      const vals = parts.map((p) => r[p]);
      if (vals.every((v): v is number => v != null) && ieltsOverall(vals) !== r.total) {
        issue(ctx, ['total'], 'v.ieltsTotal');
      }
    }
  });

export const ReferrerSchema = z
  .object({
    webPush: zBool().describe('1 to notify the referrer'),
    lastName: zText(60),
    firstName: zOptText(60),
    areaCode: zOptText(8),
    mobile: zOptText(20),
    gender: zOptText(32).describe(`dictionary ${APPLICATION_DICT.gender} value`),
    position: zOptText(120),
    email: zOptText(120),
    unit: zOptText(200),
    address: zOptText(300),
    postcode: zOptText(20),
  })
  .superRefine((r, ctx) => {
    if (r.email && !isValidEmail(r.email)) issue(ctx, ['email'], 'v.email');
    checkPhone(ctx, r.areaCode, r.mobile, ['areaCode', 'mobile']);
  });

export const TargetSchoolSchema = z
  .object({
    school: zText(200),
    major: zOptText(200),
    ucasCode: zOptText(16).describe('UCAS course code; without a route, rows with a code count as UCAS choices'),
    applicationDate: zDate(),
    majorLink: zOptText(500).describe('http(s) link to the course page'),
    cycleId: zId().nullish().describe('admissions cycle (admissionsCycle/options); the choice rules count per cycle'),
    route: z.enum(TARGET_ROUTES).nullish().describe('ucas (undergraduate) or direct (postgraduate)'),
    institutionCode: zOptText(8).describe('UCAS institution code, e.g. O33 Oxford, C05 Cambridge'),
    subjectArea: z
      .enum(MEDICAL_SUBJECTS)
      .nullish()
      .describe('medicine, dentistry or veterinary: at most 4 such choices, early deadline'),
    decision: z.enum(TARGET_DECISIONS).nullish().describe("the university's decision; default pending"),
    reply: z.enum(TARGET_REPLIES).nullish().describe("the student's reply; one firm and one insurance per cycle"),
  })
  .superRefine((r, ctx) => {
    if (r.majorLink && !isValidUrl(r.majorLink)) issue(ctx, ['majorLink'], 'v.url');
  });

// A child-row section travels as a JSON string (form-urlencoded body); errors name the row: educations.1.endDate.
function rows<T extends z.ZodType>(row: T, max: number) {
  return z
    .preprocess(
      (v) => {
        if (v === null || v === undefined) return [];
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      },
      z.array(z.preprocess((r) => (r && typeof r === 'object' ? blankToNull(r) : r), row)).max(max),
    )
    .describe('JSON array (string) of rows');
}
function blankToNull(o: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = v === '' ? null : v;
  return out;
}

export const ApplicationPersonalShape = {
  name: zText(100).describe('student name as written in documents'),
  engLastName: zOptText(60),
  engFirstName: zOptText(60),
  formerName: zOptText(100),
  gender: zOptText(32).describe(`dictionary ${APPLICATION_DICT.gender} value`),
  religion: zOptText(60),
  nationality: zOptText(60),
  birthday: zDate(),
  birthplace: zOptText(100),
  passportNo: zOptText(32),
  passportIssuePlace: zOptText(100),
  passportIssueDate: zDate(),
  passportExpiryDate: zDate(),
  areaCode: zOptText(8).describe('country calling code of the mobile, e.g. 44'),
  mobile: zOptText(20),
  landline: zOptText(30),
  email: zOptText(120),
  addressLine1: zOptText(200),
  addressLine2: zOptText(200),
  city: zOptText(100),
  country: zOptText(100),
  postcode: zOptText(20),
  importantNotes: zOptText(5000),
  applicationDate: zDate().describe('date YYYY-MM-DD; default today'),
  status: zOptText(32).describe(`dictionary ${APPLICATION_DICT.status} value; default draft`),
  // Not `memberId`: that common parameter names the caller (spec section 7).
  studentId: zId()
    .nullish()
    .describe(
      'the student member; on create, found or created from e-mail/mobile when empty; on update, kept when empty',
    ),
  signingTeacherId: zId().nullish().describe('staff member id'),
  followTeacherId: zId().nullish().describe('staff member id'),
  educations: rows(EducationSchema, 30),
  jobs: rows(JobSchema, 30),
  languageScores: rows(LanguageScoreSchema, 30),
  referrers: rows(ReferrerSchema, 10),
  targetSchools: rows(TargetSchoolSchema, 30),
};

type Form = {
  name: string;
  email?: string | null | undefined;
  mobile?: string | null | undefined;
  areaCode?: string | null | undefined;
  passportIssueDate?: string | null | undefined;
  passportExpiryDate?: string | null | undefined;
  targetSchools: ChoiceRow[];
};
function checkForm(f: Form, ctx: Ctx) {
  if (!f.email && !f.mobile) issue(ctx, ['email'], 'v.contactRequired');
  if (f.email && !isValidEmail(f.email)) issue(ctx, ['email'], 'v.email');
  checkPhone(ctx, f.areaCode, f.mobile, ['areaCode', 'mobile']);
  if (f.passportIssueDate && f.passportExpiryDate && f.passportIssueDate >= f.passportExpiryDate) {
    issue(ctx, ['passportExpiryDate'], 'v.issueBeforeExpiry');
  }
  for (const c of choiceIssues(f.targetSchools)) issue(ctx, ['targetSchools', ...c.path], c.message);
}

export const ApplicationCreateSchema = z
  .object({
    ...ApplicationPersonalShape,
    checkDuplicate: zFlag()
      .nullish()
      .describe(
        '1 to refuse (code 7944, naming the application) a create naming a course the student already applied for ' +
          'for the same intake; the form sends it, and leaves it out when the user confirms',
      ),
  })
  .superRefine(checkForm);
export const ApplicationUpdateSchema = z
  .object({
    id: zId(),
    version: zInt().describe('the version read with view; a stale one is refused with code 409'),
    ...ApplicationPersonalShape,
    checkDuplicate: zFlag()
      .nullish()
      .describe(
        "1 to refuse (code 7944, naming the application) an edit adding a course that another of the student's " +
          'applications holds for the same intake (choices the record held before are not checked); the form sends ' +
          'it, and leaves it out when the user confirms',
      ),
  })
  .superRefine(checkForm);
// The data of a save answered 7944: the student's application that already holds the course.
export const ApplicationDuplicateSchema = z.object({
  applicationId: z.number().int().describe('the application holding the course (the first one, by id)'),
});
export type ApplicationDuplicate = z.infer<typeof ApplicationDuplicateSchema>;
export type ApplicationInput = z.output<typeof ApplicationCreateSchema>;

export const ApplicationUpdateOtherSchema = z.object({
  id: zId(),
  version: zInt().nullish().describe('when given, a stale version is refused with code 409'),
  importantNotes: zOptText(5000),
  status: zOptText(32),
  signingTeacherId: zId().nullish(),
  followTeacherId: zId().nullish(),
});

export const ApplicationListQuery = zPaging.extend({
  keyword: zOptText(120).describe('words each part of a name, passport number, e-mail or phone (decision 217)'),
  status: zOptText(32),
  teacherId: zId().nullish().describe('signing or follow-up teacher'),
  dateFrom: zDate().describe('application date from (inclusive)'),
  dateTo: zDate().describe('application date to (inclusive)'),
  sortField: z.enum(APPLICATION_SORT_FIELDS).nullish().describe('default applicationDate'),
  cursor: zOptText(40)
    .refine((v) => !v || isCursor(APPLICATION_CURSOR, v))
    .describe(
      "keyset paging, default order only: the previous page's nextCursor; the page then starts after that row " +
        '(pageNum is echoed, no rows are skipped by offset)',
    ),
});

export const ApplicationIdQuery = z.object({ applicationId: zId() });

// ---------- responses ----------

export const PersonRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type PersonRef = z.infer<typeof PersonRefSchema>;

const ratioFields = {
  followDone: z.number().int(),
  followTotal: z.number().int(),
  completionRatio: z.number().int().describe('percent of follow-up items done (derived)'),
};

export const ApplicationListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  engLastName: z.string().nullable(),
  engFirstName: z.string().nullable(),
  email: z.string().nullable(),
  passportNo: z.string().nullable(),
  status: z.string(),
  applicationDate: z.string(),
  createdAt: z.number().int(),
  signingTeacher: PersonRefSchema.nullable(),
  followTeacher: PersonRefSchema.nullable(),
  targetSchools: z.array(z.string()),
  ...ratioFields,
});
export type ApplicationListItem = z.infer<typeof ApplicationListItemSchema>;
export const ApplicationPageSchema = pageOf(ApplicationListItemSchema).extend({
  nextCursor: z
    .string()
    .nullable()
    .describe('default order only: pass as cursor to read the next page by seek instead of offset'),
});

export const ApplicationSimpleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  engLastName: z.string().nullable(),
  engFirstName: z.string().nullable(),
  email: z.string().nullable(),
  areaCode: z.string().nullable(),
  mobile: z.string().nullable(),
  passportNo: z.string().nullable(),
  status: z.string(),
  applicationDate: z.string(),
  importantNotes: z.string().nullable(),
  studentId: z.number().int().nullable().describe('the student member'),
  version: z.number().int(),
  signingTeacher: PersonRefSchema.nullable(),
  followTeacher: PersonRefSchema.nullable(),
  ...ratioFields,
});
export type ApplicationSimple = z.infer<typeof ApplicationSimpleSchema>;

const nstr = () => z.string().nullable();
const nnum = () => z.number().nullable();
export const EducationOutSchema = z.object({
  startDate: nstr(),
  endDate: nstr(),
  school: z.string(),
  location: nstr(),
  major: nstr(),
  attainment: nstr(),
  gpa: nstr(),
});
export const JobOutSchema = z.object({
  startDate: nstr(),
  endDate: nstr(),
  unitName: z.string(),
  title: nstr(),
  content: nstr(),
});
export const LanguageScoreOutSchema = z.object({
  testType: z.string(),
  testDate: nstr(),
  futureBooking: z.number().int(),
  registrationNo: nstr(),
  isUkvi: z.number().int(),
  candidateId: nstr(),
  reportFormNo: nstr(),
  testName: nstr(),
  listening: nnum(),
  reading: nnum(),
  writing: nnum(),
  speaking: nnum(),
  total: nnum(),
});
export const ReferrerOutSchema = z.object({
  webPush: z.number().int(),
  lastName: z.string(),
  firstName: nstr(),
  areaCode: nstr(),
  mobile: nstr(),
  gender: nstr(),
  position: nstr(),
  email: nstr(),
  unit: nstr(),
  address: nstr(),
  postcode: nstr(),
});
export const TargetSchoolOutSchema = z.object({
  school: z.string(),
  major: nstr(),
  ucasCode: nstr(),
  applicationDate: nstr(),
  majorLink: nstr(),
  cycleId: nnum(),
  route: nstr(),
  institutionCode: nstr(),
  subjectArea: nstr(),
  decision: z.string(),
  reply: nstr(),
});

export const ApplicationViewSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  engLastName: nstr(),
  engFirstName: nstr(),
  formerName: nstr(),
  gender: nstr(),
  religion: nstr(),
  nationality: nstr(),
  birthday: nstr(),
  birthplace: nstr(),
  passportNo: nstr(),
  passportIssuePlace: nstr(),
  passportIssueDate: nstr(),
  passportExpiryDate: nstr(),
  areaCode: nstr(),
  mobile: nstr(),
  landline: nstr(),
  email: nstr(),
  addressLine1: nstr(),
  addressLine2: nstr(),
  city: nstr(),
  country: nstr(),
  postcode: nstr(),
  importantNotes: nstr(),
  applicationDate: z.string(),
  status: z.string(),
  studentId: z.number().int().nullable().describe('the student member'),
  signingTeacherId: z.number().int().nullable(),
  followTeacherId: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  educations: z.array(EducationOutSchema),
  jobs: z.array(JobOutSchema),
  languageScores: z.array(LanguageScoreOutSchema),
  referrers: z.array(ReferrerOutSchema),
  targetSchools: z.array(TargetSchoolOutSchema),
});
export type ApplicationView = z.infer<typeof ApplicationViewSchema>;

export const WarningSchema = z.object({ field: z.string(), message: z.string() });
export const ApplicationSavedSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  studentId: z.number().int().nullable().describe('the student member'),
  warnings: z.array(WarningSchema).describe('non-blocking advice, e.g. a passport expiring soon'),
});
export type ApplicationSaved = z.infer<typeof ApplicationSavedSchema>;

// ---------- files ----------

export const FileRecordSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int().nullable(),
  title: z.string(),
  type: z.string(),
  extension: z.string().describe('type extension detected from the content: pdf, png, jpg, gif, doc, xls, docx, xlsx'),
  mime: z.string(),
  size: z.number().int().describe('bytes'),
  displayPath: z.string().describe('authenticated download path'),
  uploadedAt: z.number().int(),
  uploader: PersonRefSchema.nullable(),
});
export type FileRecord = z.infer<typeof FileRecordSchema>;
export const FilePageSchema = pageOf(FileRecordSchema);
export const FileListQuery = zPaging.extend({ applicationId: zId() });
export const FileUpdateSchema = z.object({
  id: zId(),
  title: zText(200).describe('display name'),
  type: zText(32).describe(`dictionary ${APPLICATION_DICT.fileType} value, e.g. passport, transcript, offer, other`),
});
export const FileUploadFieldsSchema = z.object({
  applicationId: zId(),
  title: zOptText(200).describe('default: the uploaded file name'),
  type: zOptText(32).describe(`dictionary ${APPLICATION_DICT.fileType} value; default other`),
  visaStageId: zId().nullish().describe('uploaded from this Student visa checklist stage (issue 40)'),
});

// ---------- follow-up ----------

// The most follow-up items one application holds: an add past it is refused (400 naming applicationId), so the list
// call answers every item of the application.
export const FOLLOW_UPS_MAX = 500;

export const FollowUpInputShape = {
  service: zText(64).describe(`dictionary ${APPLICATION_DICT.followService} value`),
  isDone: zFlag().nullish().describe('1 when the service is completed'),
  signingTeacherId: zId().nullish(),
  followTeacherId: zId().nullish(),
  appliedSchool: zOptText(200),
  attendedSchool: zOptText(200),
  internalNote: zOptText(2000),
  contractDate: zDate(),
  status: zOptText(32).describe(`dictionary ${APPLICATION_DICT.followStatus} value; default open`),
  businessType: zOptText(32).describe(`dictionary ${APPLICATION_DICT.businessType} value`),
};
export const FollowUpAddSchema = z.object({
  applicationId: zId().describe(`the application; it holds at most ${FOLLOW_UPS_MAX} items`),
  ...FollowUpInputShape,
});
export const FollowUpUpdateSchema = z.object({ id: zId(), ...FollowUpInputShape });
export const FollowUpDoneSchema = z.object({ id: zId(), isDone: zFlag().describe('1 done, 0 not done') });

export const FollowUpSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  number: z.number().int().describe('sequence within the application'),
  service: z.string(),
  isDone: z.number().int(),
  signingTeacher: PersonRefSchema.nullable(),
  followTeacher: PersonRefSchema.nullable(),
  appliedSchool: nstr(),
  attendedSchool: nstr(),
  internalNote: nstr(),
  contractDate: nstr(),
  status: z.string(),
  businessType: nstr(),
  doneAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type FollowUp = z.infer<typeof FollowUpSchema>;
export const FollowUpListSchema = z.object({ list: z.array(FollowUpSchema), ...ratioFields });
export type FollowUpList = z.infer<typeof FollowUpListSchema>;

export const UploadedSchema = z.object({
  name: z.string().describe('server-generated stored name'),
  originalName: z.string(),
  extension: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
