import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountApi,
  memberApi,
  personalCvApi,
  profileApi,
  twoFactorApi,
  type CvBody,
  type EndpointParams,
  type PasswordChangeBody,
  type ProfileDetail,
} from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { unwrap } from '../../api/client';
import { uploadWithProgress } from '../../api/upload';
import { useSession } from '../../stores/session';

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

// The signed-in member's profile. Each read also refreshes the header's copy, so a new e-mail or mobile bound on
// the binding screen shows there at once.
export const useProfile = () =>
  useQuery({
    queryKey: ['member', 'profile'],
    queryFn: async () => {
      const profile = await fetchData(memberApi.profile);
      useSession.getState().setProfile(profile);
      return profile;
    },
  });

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
      mutationFn: (body: { password: string; code: string }) => fetchData(twoFactorApi.disable, body),
      onSuccess: refresh,
    }),
  };
}

// The user centre's own profile and CV (issue 19). Saving updates the header's name and avatar at once.
export const useProfileDetail = () =>
  useQuery({ queryKey: ['member', 'profileDetail'], queryFn: () => fetchData(profileApi.detail) });

function useApplyProfile() {
  const client = useQueryClient();
  return (p: ProfileDetail) => {
    client.setQueryData(['member', 'profileDetail'], p);
    void client.invalidateQueries({ queryKey: ['member', 'cv'] });
    const current = useSession.getState().profile;
    if (current) {
      useSession.getState().setProfile({ ...current, displayName: p.displayName, avatarImg: p.avatarImg });
    }
  };
}

export function useProfileMutations() {
  const apply = useApplyProfile();
  return {
    update: useMutation({
      mutationFn: (body: EndpointParams<typeof profileApi.update>) => fetchData(profileApi.update, body),
      onSuccess: apply,
      meta: { touches: ['members'] },
    }),
    avatar: useMutation({
      mutationFn: (file: Blob) => {
        const form = new FormData();
        form.append('file', file, 'avatar.png');
        return unwrap(uploadWithProgress<ProfileDetail>(profileApi.uploadAvatar.url, form, () => undefined).promise);
      },
      onSuccess: apply,
      meta: { touches: ['members'] },
    }),
  };
}

export const usePersonalCv = () =>
  useQuery({ queryKey: ['member', 'cv'], queryFn: () => fetchData(personalCvApi.findByMemberId) });

export function useCvMutation(exists: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CvBody) => fetchData(exists ? personalCvApi.update : personalCvApi.create, body),
    onSuccess: (cv) => client.setQueryData(['member', 'cv'], cv),
  });
}
