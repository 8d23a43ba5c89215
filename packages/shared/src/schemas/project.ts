import { z } from 'zod';
import { pageOf, zId, zOptText, zPaging, zText } from '../wire.js';
import { isIsoDate, PersonRefSchema } from './application.js';
import { zRowVersion } from './entry.js';

// Projects (issue 21, docs/projects.md): staff working for a client or a programme, their roles and fixed share
// ratios (spec section 5: the shares of a project must not total above 100 %, code 1202), and the project's
// constitution (its rules, every save a new revision).

export const PROJECT_STATUSES = ['planning', 'active', 'paused', 'closed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_ROLES = ['manager', 'member', 'observer'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];
export const PROJECT_SORT_FIELDS = ['createdAt', 'name', 'startDate'] as const;
// Shares are stored in basis points: 100 % = 10,000.
export const SHARE_TOTAL_BP = 10000;
export const CONSTITUTION_MAX = 20000;

// A percentage with at most two decimals ("12.5", 12.5) → basis points (1250); 0 to 100.
const SHARE_RE = /^\d{1,3}(\.\d{1,2})?$/;
export const zShare = () =>
  z
    .preprocess(
      (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
      z.string().regex(SHARE_RE, { message: 'v.share' }),
    )
    .transform((v) => Math.round(Number(v) * 100))
    .pipe(z.number().int().min(0).max(SHARE_TOTAL_BP))
    .describe('fixed share ratio in percent, at most two decimals (0–100)');
export const shareToPercent = (bp: number) => bp / 100;

const zDay = () => z.string().trim().refine(isIsoDate, { message: 'v.date' }).nullish().describe('YYYY-MM-DD');

const ProjectFields = {
  name: zText(100).describe('project name'),
  description: zOptText(2000),
  status: z.enum(PROJECT_STATUSES).nullish().describe('default planning'),
  startDate: zDay(),
  endDate: zDay(),
};
const datesInOrder = (b: { startDate?: string | null; endDate?: string | null }) =>
  !b.startDate || !b.endDate || b.startDate <= b.endDate;
const dateOrder = { message: 'v.dateOrder', path: ['endDate'] };

export const ProjectAddBody = z.object(ProjectFields).refine(datesInOrder, dateOrder);
export type ProjectAddInput = z.output<typeof ProjectAddBody>;
export const ProjectUpdateBody = z
  .object({ id: zId(), version: zRowVersion(), ...ProjectFields })
  .refine(datesInOrder, dateOrder);
export type ProjectUpdateInput = z.output<typeof ProjectUpdateBody>;

export const ProjectListQuery = zPaging.extend({
  keyword: zOptText(100).describe('part of the name'),
  status: z.enum(PROJECT_STATUSES).nullish(),
  staffId: zId().nullish().describe('only projects this staff member belongs to'),
  sortField: z.enum(PROJECT_SORT_FIELDS).nullish().describe('default createdAt'),
});
export type ProjectListInput = z.output<typeof ProjectListQuery>;
export const MyProjectsQuery = zPaging.extend({
  keyword: zOptText(100).describe('part of the name'),
  status: z.enum(PROJECT_STATUSES).nullish(),
  sortField: z.enum(PROJECT_SORT_FIELDS).nullish().describe('default createdAt'),
});
export type MyProjectsInput = z.output<typeof MyProjectsQuery>;

export const ProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  version: z.number().int().describe('optimistic version, sent back with an update'),
  memberCount: z.number().int(),
  shareTotal: z.number().describe('sum of the members’ fixed shares, percent'),
  myRole: z.enum(PROJECT_ROLES).nullable().describe("the caller's role in the project, null when not a member"),
  createdBy: PersonRefSchema.nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Project = z.infer<typeof ProjectSchema>;
export const ProjectPage = pageOf(ProjectSchema);

export const ProjectMemberSchema = z.object({
  id: z.number().int().describe('membership id'),
  staffId: z.number().int(),
  name: z.string(),
  projectRole: z.enum(PROJECT_ROLES),
  share: z.number().describe('fixed share ratio, percent'),
  createdAt: z.number().int(),
});
export type ProjectMember = z.infer<typeof ProjectMemberSchema>;

export const ProjectViewSchema = ProjectSchema.extend({
  members: z.array(ProjectMemberSchema),
  canManage: z.boolean().describe('the caller may edit members, shares and the constitution'),
  canEdit: z.boolean().describe('the caller may edit the project itself'),
  constitutionRevision: z.number().int().nullable().describe('latest constitution revision, null before the first'),
});
export type ProjectView = z.infer<typeof ProjectViewSchema>;

export const ProjectMemberAddBody = z.object({
  projectId: zId(),
  staffId: zId().describe('the staff member to add'),
  projectRole: z.enum(PROJECT_ROLES),
  share: zShare(),
});
export type ProjectMemberAddInput = z.output<typeof ProjectMemberAddBody>;
export const ProjectMemberUpdateBody = z.object({
  id: zId().describe('membership id'),
  projectRole: z.enum(PROJECT_ROLES),
  share: zShare(),
});
export type ProjectMemberUpdateInput = z.output<typeof ProjectMemberUpdateBody>;

export const CheckMemberQuery = z.object({ projectId: zId(), staffId: zId().describe('the staff member asked about') });
export const CheckMemberSchema = z.object({
  inProject: z.boolean(),
  projectRole: z.enum(PROJECT_ROLES).nullable(),
});

export const ConstitutionQuery = z.object({
  projectId: zId(),
  revision: zId().nullish().describe('a past revision; default the latest'),
});
export const ConstitutionSchema = z.object({
  projectId: z.number().int(),
  revision: z.number().int().describe('0 before the first save'),
  content: z.string().describe('plain text, shown escaped with its line breaks'),
  createdBy: PersonRefSchema.nullable(),
  createdAt: z.number().int().nullable(),
});
export type Constitution = z.infer<typeof ConstitutionSchema>;
export const ConstitutionSaveBody = z.object({
  projectId: zId(),
  content: z.string().max(CONSTITUTION_MAX).describe('the whole text of the new revision'),
  baseRevision: z
    .preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int().min(0))
    .nullish()
    .describe('the revision the editor started from; a newer one saved meanwhile is refused with 409'),
});
export type ConstitutionSaveInput = z.output<typeof ConstitutionSaveBody>;
export const ConstitutionHistoryQuery = zPaging.extend({ projectId: zId() });
export const ConstitutionRevisionSchema = z.object({
  revision: z.number().int(),
  length: z.number().int().describe('characters'),
  createdBy: PersonRefSchema.nullable(),
  createdAt: z.number().int(),
});
export const ConstitutionHistoryPage = pageOf(ConstitutionRevisionSchema);

export const ProjectStaffQuery = z.object({
  keyword: zOptText(60).describe('words, each part of a name, the login name, e-mail or mobile'),
});
