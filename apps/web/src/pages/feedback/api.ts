import { Code, feedbackApi, type FeedbackItem } from '@study-crm/shared';
import { downloadAs } from '../../api/download';
import type { Params } from '../../api/client';
import { useWrite } from '../../components/crud/crud';
import { useKeptRead } from '../../api/useKeptRead';
import { useRecord } from '../../api/useRecord';

export const FEEDBACK_ROOT = 'feedback';

export const useFeedbackList = (params: Params) => useKeptRead([FEEDBACK_ROOT, 'list'], feedbackApi.list, params);

export const useFeedbackDetail = (id: number | null) => useRecord(FEEDBACK_ROOT, feedbackApi.getDetail, id);

// A reply clears the feedback's to-dos: the message box refreshes with the list.
export const useAnswer = () =>
  useWrite(FEEDBACK_ROOT, feedbackApi.answer, { silentCodes: [Code.BAD_REQUEST], touches: ['messageBox'] });

// The filtered list as an .xlsx file, saved under the server's name.
export async function downloadExport(params: Params, locale: string | null) {
  await downloadAs(feedbackApi.export, { ...params, locale }, `feedback-${new Date().toISOString().slice(0, 10)}.xlsx`);
}

export const phoneOf = (f: Pick<FeedbackItem, 'areaCode' | 'mobile'>) =>
  f.mobile ? `+${f.areaCode ?? ''} ${f.mobile}` : null;
