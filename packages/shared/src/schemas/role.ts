import { z } from 'zod';
import { PERM } from '../permissions.js';
import { pageOf, zId, zIdList, zOptText, zPaging } from '../wire.js';
import { PersonMatchSchema } from './person-option.js';

// Role kinds (spec section 6): assignment, management assignment, general.
export const ROLE_KINDS = ['assignment', 'management', 'general'] as const;
export type RoleKind = (typeof ROLE_KINDS)[number];
export const zRoleKind = () => z.enum(ROLE_KINDS);

export const ROLE_NAME_PREFIX = 'ROLE_';
export const zRoleName = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^ROLE_[A-Za-z0-9_]+$/, 'v.roleName')
    .describe('unique, ROLE_ followed by letters, digits or _');

export const RoleListQuery = zPaging.extend({
  keyword: zOptText(64).describe('part of the name or the Chinese name'),
  kind: zRoleKind().nullish().describe('only roles of this kind'),
});
export type RoleListQuery = z.infer<typeof RoleListQuery>;

export const RoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cnName: z.string(),
  enName: z.string().nullable().describe('English name; null when not given'),
  kind: zRoleKind(),
  isBuiltin: z.union([z.literal(0), z.literal(1)]).describe('1 for the built-in administrator role'),
  memberCount: z.number().int().describe('how many members hold the role'),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Role = z.infer<typeof RoleSchema>;
export const RolePage = pageOf(RoleSchema);

export const RoleViewSchema = RoleSchema.extend({
  permissionIds: z.array(z.number().int()).describe('menu and button ids the role holds (ancestors included)'),
});
export type RoleView = z.infer<typeof RoleViewSchema>;

const permissionIds = () =>
  zIdList().pipe(z.array(z.number()).min(1, 'v.required')).describe('menu and button ids, at least one');

export const RoleAddBody = z.object({
  name: zRoleName(),
  cnName: z.string().trim().min(1).max(64).describe('Chinese name'),
  enName: zOptText(64).describe('English name (optional); absent on update keeps it, empty clears it'),
  kind: zRoleKind(),
  permissionIds: permissionIds(),
});
export type RoleAddBody = z.infer<typeof RoleAddBody>;
export const RoleUpdateBody = RoleAddBody.extend({ id: zId() });
export type RoleUpdateBody = z.infer<typeof RoleUpdateBody>;

export const RoleCheckQuery = z.object({
  name: z.string().trim().min(1).max(64).describe('role name to check'),
  id: zId().nullish().describe('the role being edited: its own name is not a duplicate'),
});

export const RoleOptionSchema = z.object({ id: z.number().int(), name: z.string(), cnName: z.string() });
export type RoleOption = z.infer<typeof RoleOptionSchema>;

export const EditRolePermissionBody = z.object({ id: zId().describe('role id'), permissionIds: permissionIds() });

// `memberId` is the caller's own id among the common parameters, so the target member is `userId`.
export const MemberRolesQuery = z.object({ userId: zId().describe('the member whose roles are read') });
export const UpdateMemberRolesBody = z.object({
  userId: zId().describe('the member whose roles are set'),
  roleIds: zIdList().nullish().describe('the complete new set of role ids; at least one'),
  expectedRoleIds: zIdList()
    .nullish()
    .describe('the role ids the member held when they were read; another set now answers 409 (decision 367)'),
});

export const RoleMembersQuery = zPaging.extend({
  id: zId().describe('role id'),
  keyword: zOptText(120).describe('part of the login name, name or e-mail'),
});
export const RoleMemberSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  loginName: z.string().nullable(),
  email: z.string().nullable(),
});
export type RoleMember = z.infer<typeof RoleMemberSchema>;
export const RoleMemberPage = pageOf(RoleMemberSchema);

// A staff member the role's picker found, and the names that hold the words searched for.
export const RoleMemberOptionSchema = RoleMemberSchema.extend({
  matched: z.array(PersonMatchSchema).describe('the names that hold the words searched for'),
});
export type RoleMemberOption = z.infer<typeof RoleMemberOptionSchema>;

export const MemberOptionsQuery = z.object({
  keyword: zOptText(120).describe('words, each part of a name, the login name, e-mail or mobile'),
});

// What the built-in administrator role always keeps: the permissions that manage roles (and reach the screen).
export const ADMIN_PROTECTED_PERMS: readonly string[] = [
  PERM.roleList,
  PERM.roleAdd,
  PERM.roleUpdate,
  PERM.roleRemove,
  PERM.roleMembers,
  'menu:accessManage',
  PERM.menuList,
];
