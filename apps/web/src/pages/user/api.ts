import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi, memberApi, twoFactorApi, type PasswordChangeBody } from '@study-crm/shared';
import { fetchData } from '../../api/call';

export type FullProfile = {
  id: number;
  displayName: string;
  loginName: string | null;
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
  engLastName: string | null;
  engFirstName: string | null;
  fullName: string | null;
  nickName: string | null;
  avatarImg: string | null;
  memberType: 'staff' | 'student';
  roles: { id: number; name: string; cnName: string }[];
};

export const useProfile = () =>
  useQuery({ queryKey: ['member', 'profile'], queryFn: () => fetchData(memberApi.profile) });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: PasswordChangeBody) => fetchData(accountApi.change, body),
  });

// Two-factor sign-in of the signed-in member (issue 13).
export const useTwoFactorStatus = () =>
  useQuery({ queryKey: ['member', 'twoFactor'], queryFn: () => fetchData(twoFactorApi.status) });

export function useTwoFactorMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['member', 'twoFactor'] });
  return {
    setup: useMutation({ mutationFn: () => fetchData(twoFactorApi.setup) }),
    confirm: useMutation({
      mutationFn: (code: string) => fetchData(twoFactorApi.confirm, { code }),
      onSuccess: refresh,
    }),
    disable: useMutation({
      mutationFn: (code: string) => fetchData(twoFactorApi.disable, { code }),
      onSuccess: refresh,
    }),
  };
}
