import { accountApi, memberApi } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PasswordChangeBody } from '@study-crm/shared';

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
