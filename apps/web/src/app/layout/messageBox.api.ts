import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { MessageBox, MessageTab } from '@study-crm/shared';
import { api, unwrap } from '../../api/client';

const KEY = ['messageBox'] as const;

export const useMessageBox = (opts: { tab?: MessageTab; pageNum?: number; pageSize?: number } = {}) =>
  useQuery({
    queryKey: [...KEY, opts],
    queryFn: () => unwrap(api.get<MessageBox>('/api/v1/message/box', opts)),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

export function useMarkRead() {
  return useMutation({
    mutationFn: (v: { tab: MessageTab; id: number }) => unwrap(api.post<null>('/api/v1/message/box/read', v)),
    meta: { touches: KEY },
  });
}

export function useMarkAllRead() {
  return useMutation({
    mutationFn: (tab: MessageTab) => unwrap(api.post<{ marked: number }>('/api/v1/message/box/readAll', { tab })),
    meta: { touches: KEY },
  });
}
