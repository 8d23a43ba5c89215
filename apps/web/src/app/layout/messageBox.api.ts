import { inboxApi } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { MessageTab } from '@study-crm/shared';

const KEY = ['messageBox'] as const;

export const useMessageBox = (opts: { tab?: MessageTab; pageNum?: number; pageSize?: number } = {}) =>
  useQuery({
    queryKey: [...KEY, opts],
    queryFn: () => fetchData(inboxApi.list, opts),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

export function useMarkRead() {
  return useMutation({
    mutationFn: (v: { tab: MessageTab; id: number }) => fetchData(inboxApi.read, v),
    meta: { touches: KEY },
  });
}

export function useMarkAllRead() {
  return useMutation({
    mutationFn: (tab: MessageTab) => fetchData(inboxApi.readAll, { tab }),
    meta: { touches: KEY },
  });
}
