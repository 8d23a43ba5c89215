import { call, fetchData } from '../../api/call';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Code, PAGE_SIZE_MAX, type MemberSort, labelApi, memberApi, type Endpoint } from '@study-crm/shared';
import { invalidateDomains } from '../../lib/queryDomains';
import type { CallOptions, Params } from '../../api/client';

export type MemberListParams = {
  pageNum?: number;
  pageSize?: number;
  order?: 'asc' | 'desc' | null;
  sortBy?: MemberSort | null;
  keyword?: string | null;
  status?: string | null;
  identityStatus?: string | null;
  roleId?: number | null;
  memberType?: string | null;
};

// The account list of any member type; the screen defaults the type filter to staff.
export const useMemberList = (params: MemberListParams) =>
  useQuery({
    queryKey: ['members', params],
    queryFn: () => fetchData(memberApi.list, params),
    placeholderData: keepPreviousData,
  });

export const useMemberView = (id: number | undefined) =>
  useQuery({
    queryKey: ['member', id],
    queryFn: () => fetchData(memberApi.view, { id }),
    enabled: Boolean(id),
  });

// Role choices. The role module's /api/v1/mc/sys/role/map can replace this once it lands.
export const useRoleOptions = () =>
  useQuery({
    queryKey: ['member', 'roleOptions'],
    queryFn: () => fetchData(memberApi.roleOptions),
    meta: { reads: ['roles'] },
  });

// Members appear in role member lists, the application teacher choices and the label counts.
const MEMBER_TOUCHES = ['members', 'member', 'roles', 'application', 'labels'] as const;

// Codes the member form shows next to its fields instead of a toast.
export const FORM_CODES = [Code.MOBILE_EXISTS, Code.EMAIL_EXISTS] as const;

// A POST whose success (meta.code 200) refreshes the lists and views. The envelope is returned as is,
// so the caller can react to the codes it asked for.
function usePostMutation(endpoint: Endpoint, opts: CallOptions = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Params) => call(endpoint, body, opts),
    onSuccess: async (env) => {
      if (env.meta.code === 200) await invalidateDomains(qc, MEMBER_TOUCHES);
    },
  });
}

export function useMemberMutations() {
  return {
    add: usePostMutation(memberApi.add, { apiResCode: FORM_CODES }),
    update: usePostMutation(memberApi.update, { apiResCode: FORM_CODES }),
    updateStatus: usePostMutation(memberApi.updateStatus),
    setPassword: usePostMutation(memberApi.setPassword),
    remove: usePostMutation(memberApi.remove),
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
