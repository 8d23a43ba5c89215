import { z } from 'zod';
import type { LocalizedText } from '../messages.js';
import { zId } from '../wire.js';

// Spreadsheet imports (issue 39, docs/import.md): a template per kind, a checked upload (the dry run), then the
// write in one of two modes, its progress and a result sheet.
export const IMPORT_KINDS = ['application', 'member', 'account', 'dict', 'tag'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_MODES = ['all', 'valid'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_FILE_MAX_MB = 10;
export const IMPORT_ROWS_MAX = 50_000;
// Rows of each kind listed in the dry-run answer (the rest are in the result sheet).
export const IMPORT_PREVIEW_ROWS = 200;

export const ImportRowPreviewSchema = z.object({
  rowNo: z.number().int(),
  action: z.enum(['add', 'change', 'refuse']),
  // The row's first cells, as written (a name to recognise it by).
  summary: z.string(),
  reason: z.string().nullable().describe("why it is refused, in the caller's language"),
});
export type ImportRowPreview = z.infer<typeof ImportRowPreviewSchema>;

export const ImportRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(['checking', 'checked', 'running', 'done', 'failed']),
  mode: z.enum(IMPORT_MODES).nullable(),
  fileName: z.string().nullable(),
  total: z.number().int().describe('data rows in the file'),
  toAdd: z.number().int(),
  toChange: z.number().int(),
  toRefuse: z.number().int(),
  processed: z.number().int().describe('rows written so far (the progress)'),
  added: z.number().int(),
  changed: z.number().int(),
  refused: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type ImportRun = z.infer<typeof ImportRunSchema>;

export const ImportCheckSchema = ImportRunSchema.extend({
  preview: z.array(ImportRowPreviewSchema).describe(`refused rows first, at most ${IMPORT_PREVIEW_ROWS} rows`),
});
export type ImportCheck = z.infer<typeof ImportCheckSchema>;

// The write started: the run (running) and its background job (progress, result sheet).
export const ImportStartSchema = ImportRunSchema.extend({
  jobId: z.number().int().describe('the background job writing it: GET /api/v1/jobs/status?id='),
});
export type ImportStart = z.infer<typeof ImportStartSchema>;

export const ImportRunBody = z.object({
  id: zId().describe('the checked import (the dry run)'),
  mode: z.enum(IMPORT_MODES).describe('all: all or nothing; valid: only the valid rows'),
});
export type ImportRunBody = z.infer<typeof ImportRunBody>;

// The columns of each kind's sheet, in order: the key the row is read into, its header in three languages, the
// template's example value, and the allowed values listed on the template's second sheet (where there are few).
export type ImportColumn = { key: string; header: LocalizedText; example: string; allowed?: readonly string[] };
const col = (key: string, en: string, tw: string, cn: string, example = '', allowed?: readonly string[]) => ({
  key,
  header: { 'en-US': en, 'zh-TW': tw, 'zh-CN': cn },
  example,
  ...(allowed ? { allowed } : {}),
});

// Columns more than one sheet has.
const engLastName = col('engLastName', 'English surname', '英文姓', '英文姓', 'Chen');
const engFirstName = col('engFirstName', 'English given name', '英文名', '英文名', 'Amy');
const email = col('email', 'E-mail', '電子郵件', '电子邮件', 'amy.chen@example.com');
const areaCode = col('areaCode', 'Area code', '國碼', '国码', '886');
const mobile = (example: string) => col('mobile', 'Mobile', '手機號碼', '手机号码', example);
const status = (example: string, allowed?: readonly string[]) =>
  col('status', 'Status', '狀態', '状态', example, allowed);
const accountStatus = status('active', ['active', 'inactive']);

const entryColumns = (typeExample: string, valueExample: string, label: string, label2: string) => [
  col('type', 'Type', '類型', '类型', typeExample),
  col('value', 'Key', '鍵值', '键值', valueExample),
  col('label', 'Chinese name', '中文名稱', '中文名称', label),
  col('label2', 'English name', '英文名稱', '英文名称', label2),
  col('description', 'Description', '描述', '描述'),
  col('sort', 'Sort', '排序', '排序', '0'),
  status('enabled', ['enabled', 'disabled']),
  col('color', 'Colour', '顏色', '颜色', '#1677FF'),
];

const personColumns = [
  email,
  col('loginName', 'Login name', '登入名稱', '登录名称', 'amy.chen'),
  col('fullName', 'Full name', '姓名', '姓名', '陳怡君'),
  engLastName,
  engFirstName,
  col('nickName', 'Nickname', '暱稱', '昵称'),
  areaCode,
  mobile('0912345678'),
];

// Target school and course 1 to 3 (the first with an example).
const targetColumns = [1, 2, 3].flatMap((n) => [
  col(`school${n}`, `Target school ${n}`, `目標學校 ${n}`, `目标学校 ${n}`, n === 1 ? 'University of Oxford' : ''),
  col(`major${n}`, `Course ${n}`, `課程 ${n}`, `课程 ${n}`, n === 1 ? 'Economics' : ''),
]);

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  tag: entryColumns('student', 'vip', '重點學生', 'Key student'),
  dict: entryColumns('gender', 'other', '其他', 'Other'),
  member: [
    ...personColumns,
    col(
      'roles',
      'Roles (names, comma-separated)',
      '角色（名稱，以逗號分隔）',
      '角色（名称，以逗号分隔）',
      'consultant',
    ),
    accountStatus,
  ],
  account: [
    ...personColumns,
    col('memberType', 'Account type', '帳號類型', '账号类型', 'student', ['student', 'parent']),
    accountStatus,
  ],
  application: [
    col('name', 'Student name', '學生姓名', '学生姓名', '陳怡君'),
    engLastName,
    engFirstName,
    col('gender', 'Gender', '性別', '性别', 'female'),
    col('nationality', 'Nationality', '國籍', '国籍', 'Taiwan'),
    col('birthday', 'Birthday (YYYY-MM-DD)', '生日（YYYY-MM-DD）', '生日（YYYY-MM-DD）', '2006-05-01'),
    col('passportNo', 'Passport number', '護照號碼', '护照号码'),
    email,
    areaCode,
    mobile('912345678'),
    status('draft'),
    col('applicationDate', 'Application date', '申請日期', '申请日期', '2026-11-01'),
    col('importantNotes', 'Notes', '備註', '备注'),
    ...targetColumns,
    col('eduSchool', 'Education: school', '學歷：學校', '学历：学校', 'Taipei First Girls High School'),
    col('eduMajor', 'Education: major', '學歷：主修', '学历：主修'),
    col('eduStartDate', 'Education: from', '學歷：起', '学历：起', '2021-09-01'),
    col('eduEndDate', 'Education: to', '學歷：迄', '学历：迄', '2024-06-30'),
    col('eduAttainment', 'Education: attainment', '學歷：學位', '学历：学位'),
    col('testType', 'Language test', '語言考試', '语言考试', 'ielts_academic'),
    col('testDate', 'Test date', '考試日期', '考试日期', '2026-09-20'),
    col('listening', 'Listening', '聽力', '听力', '7'),
    col('reading', 'Reading', '閱讀', '阅读', '7.5'),
    col('writing', 'Writing', '寫作', '写作', '6.5'),
    col('speaking', 'Speaking', '口說', '口语', '7'),
    col('total', 'Overall', '總分', '总分', '7'),
  ],
};
