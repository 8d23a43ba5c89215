import { inboxApi } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageTab } from '@study-crm/shared';

const KEY = ['messageBox'] as const;

// Read again every minute while the screen shows: those reads are background calls (a page the member has read
// before), which keep no idle session open (decision 352).
export function useMessageBox(opts: { tab?: MessageTab; pageNum?: number; pageSize?: number } = {}) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...KEY, opts],
    queryFn: ({ queryKey }) =>
      fetchData(inboxApi.list, opts, { background: client.getQueryData(queryKey) !== undefined }),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}

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
