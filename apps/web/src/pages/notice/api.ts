import { Code, noticeApi } from '@study-crm/shared';
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
