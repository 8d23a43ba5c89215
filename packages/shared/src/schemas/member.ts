import { z } from 'zod';
import { isCursor, zId, zIdList, zOptText, zPaging, pageOf } from '../wire.js';
import { zEmail, zPassword } from './auth.js';
import { isValidUrl } from './application.js';
import { MemberLabelSchema } from './label.js';

// A path on the portal itself (an uploaded file's download link): one leading slash, never `//host`.
export const isPortalPath = (v: string) => /^\/(?![/\\])[\w\-./?=&%]*$/.test(v);

export const MEMBER_STATUSES = ['active', 'inactive'] as const;
export const IDENTITY_STATUSES = ['verified', 'unverified'] as const;
export const MEMBER_TYPES = ['staff', 'student', 'parent'] as const;
// The member app's accounts (the account list): students and their parents, never staff.
export const ACCOUNT_TYPES = ['student', 'parent'] as const;
export const MEMBER_SORTS = ['createdAt', 'displayName', 'email'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];
export type MemberType = (typeof MEMBER_TYPES)[number];
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export type MemberSort = (typeof MEMBER_SORTS)[number];

// A member's place in the default order (createdAt, id): "1795454139564~42".
export const MEMBER_CURSOR = /^\d{1,15}~[1-9]\d{0,9}$/;
export const MemberListQuery = zPaging.extend({
  keyword: zOptText(100).describe('part of a name, e-mail or mobile number'),
  status: z.enum(MEMBER_STATUSES).nullish(),
  identityStatus: z.enum(IDENTITY_STATUSES).nullish(),
  roleId: zId().nullish().describe('only members holding this role'),
  memberType: z.enum(MEMBER_TYPES).nullish().describe('staff, student or parent; /api/v1/mc/member defaults to staff'),
  sortField: z.enum(MEMBER_SORTS).nullish().describe('createdAt (default), displayName or email'),
  sortBy: z.enum(MEMBER_SORTS).nullish().describe('older name of sortField, still accepted; sortField wins'),
  cursor: zOptText(40)
    .refine((v) => !v || isCursor(MEMBER_CURSOR, v))
    .describe("keyset paging, default order (createdAt) only: the previous page's nextCursor (pageNum is echoed)"),
});
export type MemberListQuery = z.infer<typeof MemberListQuery>;

const areaCode = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, 'v.format')
  .nullish()
  .describe('country calling code of the mobile, e.g. 44, 86, 852');
const mobile = z
  .string()
  .trim()
  .regex(/^[\d\s\-().]{4,20}$/, 'v.mobile')
  .nullish()
  .describe('mobile number, valid for its area code');

// Fields an administrator edits; on update an absent field keeps its value and an empty one clears it.
const editable = {
  loginName: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._@-]{3,60}$/, 'v.format')
    .nullish()
    .describe('optional login name (3 to 60 letters, digits or . _ @ -)'),
  areaCode,
  mobile,
  status: z.enum(MEMBER_STATUSES).nullish(),
  identityStatus: z.enum(IDENTITY_STATUSES).nullish(),
  memberType: z.enum(MEMBER_TYPES).nullish(),
  engLastName: zOptText(60),
  engFirstName: zOptText(60),
  fullName: zOptText(60),
  nickName: zOptText(60),
  avatar: zOptText(500)
    .refine((v) => !v || isValidUrl(v) || isPortalPath(v), 'v.url')
    .describe('avatar image: an http(s) URL or a path on the portal (never javascript: or data:)'),
  roleIds: zIdList().nullish().describe('role ids (repeated or comma-separated); staff need at least one'),
};

export const MemberAddBody = z.object({
  ...editable,
  email: zEmail().describe('login e-mail, unique'),
  password: zPassword().describe('8 to 20 characters'),
});
export type MemberAddBody = z.infer<typeof MemberAddBody>;

export const MemberUpdateBody = z.object({
  id: zId(),
  ...editable,
  email: zEmail().nullish().describe('login e-mail, unique'),
});
export type MemberUpdateBody = z.infer<typeof MemberUpdateBody>;

export const MemberSetPasswordBody = z.object({ id: zId(), password: zPassword().describe('8 to 20 characters') });
export const MemberUpdateStatusBody = z.object({ id: zId(), status: z.enum(MEMBER_STATUSES) });
export const AddMemberEmailBody = z.object({
  id: zId().describe('target member id (memberId is the caller, a common parameter)'),
  email: zEmail().describe('new login e-mail'),
});

export const RoleRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cnName: z.string(),
  enName: z.string().nullable().describe('English name; null when not given'),
});
export type RoleRef = z.infer<typeof RoleRefSchema>;

// An account's own fields, as the member lists and the signed-in member's profile both show them.
const AccountFieldsSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  loginName: z.string().nullable(),
  email: z.string().nullable(),
  areaCode: z.string().nullable(),
  mobile: z.string().nullable(),
  memberType: z.enum(MEMBER_TYPES),
  engLastName: z.string().nullable(),
  engFirstName: z.string().nullable(),
  fullName: z.string().nullable(),
  nickName: z.string().nullable(),
  avatarImg: z.string().nullable(),
  roles: z.array(RoleRefSchema),
});

export const MemberSchema = AccountFieldsSchema.extend({
  status: z.enum(MEMBER_STATUSES),
  identityStatus: z.enum(IDENTITY_STATUSES),
  createdAt: z.number().int().describe('registration time, epoch ms'),
  updatedAt: z.number().int(),
});
export type Member = z.infer<typeof MemberSchema>;

export const MemberSessionSchema = z.object({
  id: z.number().int(),
  createdAt: z.number().int().describe('sign-in time, epoch ms'),
  lastSeenAt: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  isActive: z.boolean().describe('not revoked and not expired'),
});
export type MemberSession = z.infer<typeof MemberSessionSchema>;

export const MemberViewSchema = MemberSchema.extend({
  recentSessions: z.array(MemberSessionSchema).describe('the 10 latest sign-ins'),
});
export type MemberView = z.infer<typeof MemberViewSchema>;

// A row of the member lists: the member plus its labels (issue 5), read for the whole page in one query.
export const MemberListItemSchema = MemberSchema.extend({
  labels: z.array(MemberLabelSchema).describe("the member's labels, in label order (sort, then id)"),
});
export type MemberListItem = z.infer<typeof MemberListItemSchema>;
export const MemberPage = pageOf(MemberListItemSchema).extend({
  nextCursor: z
    .string()
    .nullable()
    .describe('default order only: pass as cursor to read the next page by seek instead of offset'),
});

export const MemberCountSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  staff: z.number().int(),
  students: z.number().int(),
  parents: z.number().int(),
  newLast30Days: z.number().int().describe('registered in the past 30 days'),
});
export type MemberCount = z.infer<typeof MemberCountSchema>;

export const ProfileSchema = AccountFieldsSchema.extend({
  playData: z.object({
    walletAddress: z.string().nullable().describe("the address of the member's activated wallet (spec section 3)"),
  }),
  activeRoleId: z
    .number()
    .int()
    .nullable()
    .describe('the role this session acts as (role switching); null: all of the roles'),
  session: z
    .object({
      idleSeconds: z.number().int().describe('the session ends after this many seconds without a signed call'),
      endsInSeconds: z
        .number()
        .int()
        .describe(
          "the session ends this many seconds after this answer, whatever the activity (time left, not an instant: the client's clock may be off)",
        ),
    })
    .describe("this session's limits: the web app warns before either is reached"),
});
export type ProfileData = z.infer<typeof ProfileSchema>;

// ---------- The account list (issue 21): the member app's accounts (students and parents), not staff ----------
// The same fields and rules as the employee list, without roles; the member type is student or parent.
const accountType = z.enum(ACCOUNT_TYPES);
export const AccountListQuery = MemberListQuery.omit({ roleId: true }).extend({
  memberType: accountType.nullish().describe('student or parent; both when left out'),
});
export const AccountAddBody = MemberAddBody.omit({ roleIds: true }).extend({
  memberType: accountType.nullish().describe('student (default) or parent'),
});
export const AccountUpdateBody = MemberUpdateBody.omit({ roleIds: true }).extend({
  memberType: accountType.nullish().describe('student or parent; unchanged when left out'),
});
// The account form's check of an e-mail or mobile before saving: answers 5403 / 5402 when taken by another member.
export const CheckGmProfileQuery = z.object({
  id: zId().nullish().describe('the account being edited (its own e-mail and mobile are not "taken")'),
  email: zEmail().nullish(),
  areaCode,
  mobile,
});
export const CheckGmProfileSchema = z.object({ available: z.literal(true) });
