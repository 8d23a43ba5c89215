import { useMutation, useQuery } from '@tanstack/react-query';
import { Code, permissionApi, roleApi, type EndpointParams, type RoleKind } from '@study-crm/shared';
import { call, fetchData } from '../../api/call';
import { useSession } from '../../stores/session';

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

// The signed-in member's menu and buttons follow a change to their own access at once (one read of it).
const refreshOwnAccess = () => void useSession.getState().refreshAccess();
const holdsRole = (roleId: number) => Boolean(useSession.getState().profile?.roles.some((r) => r.id === roleId));
const isSelf = (memberId: number) => useSession.getState().profile?.id === memberId;

export function useRoles(filter: EndpointParams<typeof roleApi.list>) {
  return useQuery({
    queryKey: [...accessKeys.roles, 'list', filter],
    queryFn: () => fetchData(roleApi.list, filter),
    placeholderData: (prev) => prev,
  });
}

export function useRoleView(id: number | undefined) {
  return useQuery({
    queryKey: accessKeys.role(id ?? 0),
    queryFn: () => fetchData(roleApi.view, { id }),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

// The whole menu and button tree (role editor, menu manager).
export function usePermissionTree(enabled = true) {
  return useQuery({
    queryKey: accessKeys.tree,
    queryFn: () => fetchData(permissionApi.getAll),
    enabled,
  });
}

// Live duplicate check: true when the name is free. 5401 is shown next to the field, not as a toast.
export async function isRoleNameFree(name: string, id?: number): Promise<boolean> {
  const res = await call(roleApi.check, { name, id }, { apiResCode: [Code.ROLE_EXISTS, Code.BAD_REQUEST] });
  return res.meta.code !== Code.ROLE_EXISTS;
}

export function useSaveRole() {
  return useMutation({
    mutationFn: (v: RoleValues) =>
      fetchData(v.id ? roleApi.update : roleApi.add, { ...v, permissionIds: v.permissionIds.join(',') }),
    onSuccess: (_data, v) => {
      if (v.id && holdsRole(v.id)) refreshOwnAccess();
    },
    meta: { touches: ROLE_TOUCHES },
  });
}

export function useRemoveRole() {
  return useMutation({
    mutationFn: (id: number) => fetchData(roleApi.remove, { id }),
    onSuccess: (_data, id) => {
      if (holdsRole(id)) refreshOwnAccess();
    },
    meta: { touches: ROLE_TOUCHES },
  });
}

export function useRoleMembers(id: number, pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: [...accessKeys.members(id), pageNum, pageSize],
    queryFn: () => fetchData(roleApi.members, { id, pageNum, pageSize }),
    placeholderData: (prev) => prev,
    enabled: id > 0,
  });
}

export function useMemberOptions(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: ['roles', 'memberOptions', keyword],
    queryFn: () => fetchData(roleApi.memberOptions, { keyword }),
    enabled,
  });
}

// Adds or removes one role of a member: reads the member's roles, then sets the whole new set, saying which set it
// read, so that another change made in between is refused (409) rather than undone (decision 367).
export function useChangeMemberRole(roleId: number) {
  return useMutation({
    mutationFn: async ({ userId, hold }: { userId: number; hold: boolean }) => {
      const current = (await fetchData(roleApi.getMemberRoles, { userId })).map((r) => r.id);
      const ids = current.filter((id) => id !== roleId);
      return fetchData(roleApi.updateMemberRoles, {
        userId,
        roleIds: (hold ? [...ids, roleId] : ids).join(','),
        expectedRoleIds: current.join(','),
      });
    },
    onSuccess: (_data, { userId }) => {
      if (isSelf(userId)) refreshOwnAccess();
    },
    meta: { touches: ROLE_TOUCHES },
  });
}

export function useSaveMenu() {
  return useMutation({
    mutationFn: (v: MenuValues) => (v.id ? fetchData(permissionApi.update, v) : fetchData(permissionApi.add, v)),
    // A menu's title, address, order or visibility shows in the member's own menu when one of their roles holds it.
    onSuccess: refreshOwnAccess,
    meta: { touches: TREE_TOUCHES },
  });
}

export function useRemoveMenu() {
  return useMutation({
    mutationFn: (id: number) => fetchData(permissionApi.remove, { id }),
    onSuccess: refreshOwnAccess,
    meta: { touches: TREE_TOUCHES },
  });
}
