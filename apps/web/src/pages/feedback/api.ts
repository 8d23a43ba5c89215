import { Code, feedbackApi, type FeedbackItem, type EndpointParams } from '@study-crm/shared';
import { useWrite } from '../../components/crud/crud';
import { useKeptRead } from '../../api/useKeptRead';
import { useRecord } from '../../api/useRecord';

export const FEEDBACK_ROOT = 'feedback';

export const useFeedbackList = (params: EndpointParams<typeof feedbackApi.list>) =>
  useKeptRead([FEEDBACK_ROOT, 'list'], feedbackApi.list, params);

export const useFeedbackDetail = (id: number | null) => useRecord(FEEDBACK_ROOT, feedbackApi.getDetail, id);

// A reply clears the feedback's to-dos: the message box refreshes with the list.
export const useAnswer = () =>
  useWrite(FEEDBACK_ROOT, feedbackApi.answer, { silentCodes: [Code.BAD_REQUEST], touches: ['messageBox'] });

export const phoneOf = (f: Pick<FeedbackItem, 'areaCode' | 'mobile'>) =>
  f.mobile ? `+${f.areaCode ?? ''} ${f.mobile}` : null;
