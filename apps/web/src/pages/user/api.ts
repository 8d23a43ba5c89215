import { useMutation, useQuery } from '@tanstack/react-query';
import type { PasswordChangeBody } from '@study-crm/shared';
import { api, unwrap } from '../../api/client';

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
  useQuery({ queryKey: ['member', 'profile'], queryFn: () => unwrap(api.get<FullProfile>('/api/v1/member/profile')) });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: PasswordChangeBody) => unwrap(api.post<null>('/api/v1/member/password/change', body)),
  });
