import { call, fetchData } from '../../api/call';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Code,
  PAGE_SIZE_MAX,
  PERM,
  accountListApi,
  labelApi,
  memberApi,
  type Endpoint,
  type EndpointParams,
} from '@study-crm/shared';
import { invalidateDomains } from '../../lib/queryDomains';
import type { CallOptions } from '../../api/client';
import { useKeptRead } from '../../api/useKeptRead';
import { useSession } from '../../stores/session';

// The member lists' params (the account list takes the same).
export type MemberListParams = EndpointParams<typeof memberApi.list>;

// Two lists of one member table, sharing their screen, form and rules: the employee list (accounts of any type,
// staff by default) and the account list (the member app's accounts, never staff), each with its calls and
// permissions.
export type MemberKind = 'staff' | 'account';
export const MEMBER_KINDS = {
  staff: {
    api: memberApi,
    perms: {
      add: PERM.memberAdd,
      update: PERM.memberUpdate,
      setPassword: PERM.memberSetPassword,
      remove: PERM.memberRemove,
    },
  },
  account: {
    api: accountListApi,
    perms: { add: PERM.userAdd, update: PERM.userUpdate, setPassword: PERM.userSetPassword, remove: PERM.userRemove },
  },
} as const;

export const useMemberList = (params: MemberListParams, kind: MemberKind = 'staff') =>
  useKeptRead(['members', kind], kind === 'staff' ? memberApi.list : accountListApi.list, params);

export const useMemberView = (id: number | undefined) =>
  useQuery({
    queryKey: ['member', id],
    queryFn: () => fetchData(memberApi.view, { id }),
    enabled: Boolean(id),
  });

// Role choices. The role module's /api/v1/mc/sys/role/map can replace this once it lands.
export const useRoleOptions = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['member', 'roleOptions'],
    queryFn: () => fetchData(memberApi.roleOptions),
    meta: { reads: ['roles'] },
  });

// Members appear in role member lists, the application teacher choices and the label counts.
const MEMBER_TOUCHES = ['members', 'member', 'roles', 'application', 'labels'] as const;

// Codes the member form shows next to its fields instead of a toast.
export const FORM_CODES = [Code.MOBILE_EXISTS, Code.EMAIL_EXISTS] as const;

// A POST whose success (meta.code 200) refreshes the lists and views. The envelope is returned as is,
// so the caller can react to the codes it asked for. `changesOwnAccess`: whether the body changes the signed-in
// member's access (their own roles), whose menu and buttons are then read again.
function usePostMutation<E extends Endpoint>(
  endpoint: E,
  opts: CallOptions = {},
  changesOwnAccess: (body: EndpointParams<E>) => boolean = () => false,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointParams<E>) => call(endpoint, body, opts),
    onSuccess: async (env, body) => {
      if (env.meta.code !== 200) return;
      if (changesOwnAccess(body)) void useSession.getState().refreshAccess();
      await invalidateDomains(qc, MEMBER_TOUCHES);
    },
  });
}

// An update that sets the roles of the signed-in member.
const setsOwnRoles = (body: { id?: unknown; roleIds?: unknown }) =>
  body.roleIds !== undefined && body.id != null && body.id === useSession.getState().profile?.id;

export function useMemberMutations(kind: MemberKind = 'staff') {
  const api = MEMBER_KINDS[kind].api;
  return {
    add: usePostMutation(api.add, { apiResCode: FORM_CODES }),
    update: usePostMutation(api.update, { apiResCode: FORM_CODES }, setsOwnRoles),
    updateStatus: usePostMutation(api.updateStatus),
    setPassword: usePostMutation(api.setPassword),
    remove: usePostMutation(api.remove),
  };
}

// A member's labels (issue 5). The target travels as `userId`: `memberId` names the caller.
// The key sits under ['member'], so the member mutations above refresh it too.
// Staff without the labels screen get a 403, which the profile shows as a dash instead of a toast.
export const useMemberLabels = (id: number | undefined) =>
  useQuery({
    queryKey: ['member', id, 'labels'],
    queryFn: () => fetchData(labelApi.labelList, { userId: id }, { apiResCode: [Code.FORBIDDEN] }),
    enabled: Boolean(id),
    retry: false,
  });

// The enabled labels staff can attach; one page of the maximum size covers the label set.
export const useLabelOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['labels', 'options'],
    queryFn: () => fetchData(labelApi.list, { status: 'enabled', pageSize: PAGE_SIZE_MAX }),
    enabled,
  });

// Sets the member's labels to exactly these; refreshes the member views and lists and the label counts.
export function useAssignLabels() {
  return useMutation({
    mutationFn: ({ userId, labelIds }: { userId: number; labelIds: number[] }) =>
      fetchData(labelApi.assign, { userId, labelIds: labelIds.join(',') }),
    meta: { touches: ['member', 'members', 'labels'] },
  });
}
