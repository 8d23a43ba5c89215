import { Code, noticeApi } from '@study-crm/shared';
import { crudApi } from '../../components/crud/crud';
import { useRecord } from '../../api/useRecord';

export const NOTICE_ROOT = 'notices';

// A notice shows in the message box, so writes refresh it too.
export const noticeCrud = crudApi(NOTICE_ROOT, { ...noticeApi, remove: noticeApi.delete }, Code.BAD_REQUEST, [
  'messageBox',
]);

export const useNotice = (id: number | null) => useRecord(NOTICE_ROOT, noticeApi.view, id);
