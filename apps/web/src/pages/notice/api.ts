import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Code, noticeApi, type EMAIL_STATUSES } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { crudApi } from '../../components/crud/crud';
import { useRecord } from '../../api/useRecord';

export const NOTICE_ROOT = 'notices';

// A notice shows in the message box, so writes refresh it too.
export const noticeCrud = crudApi(NOTICE_ROOT, { ...noticeApi, remove: noticeApi.delete }, Code.BAD_REQUEST, [
  'messageBox',
]);

// Polled while its e-mail copy still has recipients queued or sending: "sent" only once the outbox says so.
export const useNotice = (id: number | null) =>
  useRecord(NOTICE_ROOT, noticeApi.view, id, {
    refetchInterval: (q) => {
      const s = q.state.data?.emailCopy?.summary;
      return s && (s.queued ?? 0) + (s.sending ?? 0) > 0 ? 1500 : false;
    },
  });

export const COPY_PAGE_SIZE = 10;

// One page of a notice's e-mail copy recipients (notice:add: their addresses), polled while the copy is being sent.
// `progress` is the copy's counts: when they change the page is read again, so its rows never lag behind them.
export const useNoticeCopyRecipients = (
  params: { id: number; pageNum: number; status: (typeof EMAIL_STATUSES)[number] | null },
  progress: string,
  poll: boolean,
) =>
  useQuery({
    queryKey: [NOTICE_ROOT, 'copyRecipients', params, progress],
    queryFn: ({ signal }) => fetchData(noticeApi.copyRecipients, { ...params, pageSize: COPY_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? 1500 : false,
  });
