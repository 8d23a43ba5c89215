import { useMutation, useQuery } from '@tanstack/react-query';
import type { MenuItem, Page, Role, RoleKind, RoleMember, RoleOption, RoleView } from '@study-crm/shared';
import { api, unwrap, type Params } from '../../api/client';

const ROLE = '/api/v1/mc/sys/role';
const PERMISSION = '/api/v1/mc/sys/permission';

export type RoleFilter = { keyword?: string; kind?: RoleKind; pageNum: number; pageSize: number };
export type RoleValues = {
  id?: number;
  name: string;
  cnName: string;
  enName?: string;
  kind: RoleKind;
  permissionIds: number[];
};
export type MenuValues = {
  id?: number;
  parentId: number;
  name: string;
  title?: string | null;
  type: 'menu' | 'button';
  perm: string;
  component?: string | null;
  url?: string | null;
  icon?: string | null;
  sort: number;
  isShow: 0 | 1;
};

export const accessKeys = {
  roles: ['roles'] as const,
  role: (id: number) => ['roles', 'view', id] as const,
  members: (id: number) => ['roles', 'members', id] as const,
  tree: ['permissionTree'] as const,
};

// Roles appear in the member lists, views and role choices; menus in the roles' permission trees.
const ROLE_TOUCHES = ['roles', 'members', 'member'] as const;
const TREE_TOUCHES = ['permissionTree', 'roles'] as const;

export function useRoles(filter: RoleFilter) {
  return useQuery({
    queryKey: [...accessKeys.roles, 'list', filter],
    queryFn: () => unwrap(api.get<Page<Role>>(`${ROLE}/list`, filter as Params)),
    placeholderData: (prev) => prev,
  });
}

export function useRoleView(id: number | undefined) {
  return useQuery({
    queryKey: accessKeys.role(id ?? 0),
    queryFn: () => unwrap(api.get<RoleView>(`${ROLE}/view`, { id })),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

// The whole menu and button tree (role editor, menu manager).
export function usePermissionTree(enabled = true) {
  return useQuery({
    queryKey: accessKeys.tree,
    queryFn: () => unwrap(api.get<MenuItem[]>(`${PERMISSION}/getAll`)),
    enabled,
  });
}

// Live duplicate check: true when the name is free. 5401 is shown next to the field, not as a toast.
export async function isRoleNameFree(name: string, id?: number): Promise<boolean> {
  const res = await api.get<null>(`${ROLE}/check`, { name, id }, { apiResCode: [5401, 400] });
  return res.meta.code !== 5401;
}

export function useSaveRole() {
  return useMutation({
    mutationFn: (v: RoleValues) =>
      unwrap(
        api.post<unknown>(`${ROLE}/${v.id ? 'update' : 'add'}`, { ...v, permissionIds: v.permissionIds.join(',') }),
      ),
    meta: { touches: ROLE_TOUCHES },
  });
}

export function useRemoveRole() {
  return useMutation({
    mutationFn: (id: number) => unwrap(api.post<null>(`${ROLE}/remove`, { id })),
    meta: { touches: ROLE_TOUCHES },
  });
}

export function useRoleMembers(id: number, pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: [...accessKeys.members(id), pageNum, pageSize],
    queryFn: () => unwrap(api.get<Page<RoleMember>>(`${ROLE}/members`, { id, pageNum, pageSize })),
    placeholderData: (prev) => prev,
    enabled: id > 0,
  });
}

export function useMemberOptions(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: ['roles', 'memberOptions', keyword],
    queryFn: () => unwrap(api.get<RoleMember[]>(`${ROLE}/memberOptions`, { keyword })),
    enabled,
  });
}

// Adds or removes one role of a member: reads the member's roles, then sets the whole new set.
export function useChangeMemberRole(roleId: number) {
  return useMutation({
    mutationFn: async ({ userId, hold }: { userId: number; hold: boolean }) => {
      const current = await unwrap(api.get<RoleOption[]>(`${ROLE}/getMemberRoles`, { userId }));
      const ids = current.map((r) => r.id).filter((id) => id !== roleId);
      return unwrap(
        api.post<null>(`${ROLE}/updateMemberRoles`, { userId, roleIds: (hold ? [...ids, roleId] : ids).join(',') }),
      );
    },
    meta: { touches: ROLE_TOUCHES },
  });
}

export function useSaveMenu() {
  return useMutation({
    mutationFn: (v: MenuValues) =>
      unwrap(api.post<unknown>(`${PERMISSION}/${v.id ? 'update' : 'add'}`, v as unknown as Params)),
    meta: { touches: TREE_TOUCHES },
  });
}

export function useRemoveMenu() {
  return useMutation({
    mutationFn: (id: number) => unwrap(api.post<null>(`${PERMISSION}/remove`, { id })),
    meta: { touches: TREE_TOUCHES },
  });
}
