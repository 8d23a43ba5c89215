import { useMutation } from '@tanstack/react-query';
import { verificationApi, type EndpointParams } from '@study-crm/shared';
import { fetchData } from '../../api/call';

// The member's profile query (['member', 'profile']) refreshes after every change of a binding.
const meta = { touches: ['member'] } as const;

export type BindKind = 'email' | 'mobile';
export type BindAction = 'bind' | 'replace' | 'unbind';

export const sendEmailCode = (p: EndpointParams<typeof verificationApi.emailCode>) =>
  fetchData(verificationApi.emailCode, p, { apiResCode: [5403] });
export const sendMobileCode = (p: EndpointParams<typeof verificationApi.mobileCode>) =>
  fetchData(verificationApi.mobileCode, p, { apiResCode: [5402, 5403] });

type Values = Record<string, string | undefined>;

// One mutation per screen: the call depends on what is bound and what the member chose.
export const useBindMutation = () =>
  useMutation({
    meta,
    mutationFn: ({ kind, action, v }: { kind: BindKind; action: BindAction; v: Values }) => {
      const opts = { apiResCode: [5402, 5403] };
      if (kind === 'email') {
        if (action === 'bind') return fetchData(verificationApi.bindEmail, v, opts);
        if (action === 'replace') return fetchData(verificationApi.reBindEmail, v, opts);
        return fetchData(verificationApi.unbindEmail, v, opts);
      }
      if (action === 'bind') return fetchData(verificationApi.bindMobile, v, opts);
      if (action === 'replace') return fetchData(verificationApi.reBindMobile, v, opts);
      return fetchData(verificationApi.unbindMobile, v, opts);
    },
  });
