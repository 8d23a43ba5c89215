import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Code,
  PAGE_SIZE_MAX,
  type Label,
  type MemberLabel,
  type MemberListItem,
  type MemberSort,
  type MemberView,
  type Page,
  type RoleRef,
} from '@study-crm/shared';
import { invalidateDomains } from '../../lib/queryDomains';
import { api, unwrap, type CallOptions, type Params } from '../../api/client';

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
    queryFn: () => unwrap(api.get<Page<MemberListItem>>('/admin/v1/members/list', params)),
    placeholderData: keepPreviousData,
  });

export const useMemberView = (id: number | undefined) =>
  useQuery({
    queryKey: ['member', id],
    queryFn: () => unwrap(api.get<MemberView>('/api/v1/mc/member/view', { id })),
    enabled: Boolean(id),
  });

// Role choices. The role module's /api/v1/mc/sys/role/map can replace this once it lands.
export const useRoleOptions = () =>
  useQuery({
    queryKey: ['member', 'roleOptions'],
    queryFn: () => unwrap(api.get<RoleRef[]>('/api/v1/mc/member/roleOptions')),
    meta: { reads: ['roles'] },
  });

// Members appear in role member lists, the application teacher choices and the label counts.
const MEMBER_TOUCHES = ['members', 'member', 'roles', 'application', 'labels'] as const;

// Codes the member form shows next to its fields instead of a toast.
export const FORM_CODES = [5402, 5403] as const;

// A POST whose success (meta.code 200) refreshes the lists and views. The envelope is returned as is,
// so the caller can react to the codes it asked for.
function usePostMutation(url: string, opts: CallOptions = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Params) => api.post<unknown>(url, body, opts),
    onSuccess: async (env) => {
      if (env.meta.code === 200) await invalidateDomains(qc, MEMBER_TOUCHES);
    },
  });
}

export function useMemberMutations() {
  return {
    add: usePostMutation('/api/v1/mc/member/add', { apiResCode: FORM_CODES }),
    update: usePostMutation('/admin/v1/members/update', { apiResCode: FORM_CODES }),
    updateStatus: usePostMutation('/api/v1/mc/member/updateStatus'),
    setPassword: usePostMutation('/api/v1/mc/member/setPassword'),
    remove: usePostMutation('/api/v1/mc/member/remove'),
  };
}

// A member's labels (issue 5). The target travels as `userId`: `memberId` names the caller.
// The key sits under ['member'], so the member mutations above refresh it too.
// Staff without the labels screen get a 403, which the profile shows as a dash instead of a toast.
export const useMemberLabels = (id: number | undefined) =>
  useQuery({
    queryKey: ['member', id, 'labels'],
    queryFn: () =>
      unwrap(api.get<MemberLabel[]>('/api/v1/member/labelList', { userId: id }, { apiResCode: [Code.FORBIDDEN] })),
    enabled: Boolean(id),
    retry: false,
  });

// The enabled labels staff can attach; one page of the maximum size covers the label set.
export const useLabelOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['labels', 'options'],
    queryFn: () =>
      unwrap(api.get<Page<Label>>('/api/v1/mc/labels/list', { status: 'enabled', pageSize: PAGE_SIZE_MAX })),
    enabled,
  });

// Sets the member's labels to exactly these; refreshes the member views and lists and the label counts.
export function useAssignLabels() {
  return useMutation({
    mutationFn: ({ userId, labelIds }: { userId: number; labelIds: number[] }) =>
      unwrap(api.post<MemberLabel[]>('/api/v1/mc/labels/assign', { userId, labelIds: labelIds.join(',') })),
    meta: { touches: ['member', 'members', 'labels'] },
  });
}
