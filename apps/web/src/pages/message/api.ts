import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  applicationApi,
  Code,
  type EMAIL_STATUSES,
  emailApi,
  filesApi,
  mailSenderApi,
  templateApi,
  type EndpointData,
  type EndpointParams,
} from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { uploadWithProgress } from '../../api/upload';
import { crudApi, useWrite } from '../../components/crud/crud';
import { useKeptRead } from '../../api/useKeptRead';
import { useRecord } from '../../api/useRecord';

export const SENDER_ROOT = 'mailSenders';
export const TEMPLATE_ROOT = 'templates';
export const EMAIL_ROOT = 'emails';

// A sender with e-mails cannot be removed (shown as a toast); duplicates do not exist for senders.
export const senderCrud = crudApi(SENDER_ROOT, mailSenderApi, Code.MAIL_SENDER_IN_USE, ['emailAgents']);
export const templateCrud = crudApi(TEMPLATE_ROOT, { ...templateApi, remove: templateApi.delete }, Code.BAD_REQUEST, [
  'templateOptions',
]);

// "Test connection": the server's answer is shown whatever it is.
export const testSender = (id: number) => fetchData(mailSenderApi.test, { id });

export const useTemplate = (id: number | null) => useRecord(TEMPLATE_ROOT, templateApi.view, id);

export const useTemplateOptions = () =>
  useQuery({
    queryKey: ['templateOptions', TEMPLATE_ROOT],
    queryFn: ({ signal }) => fetchData(templateApi.getlist, {}, { signal }),
    meta: { reads: [TEMPLATE_ROOT] },
  });

// Applications to choose from when writing an e-mail (search by student name), the first 20 matches.
export const useApplicationOptions = (keyword: string, enabled: boolean) =>
  useKeptRead(
    ['application', 'emailOptions'],
    applicationApi.list,
    { keyword: keyword || null, pageNum: 1, pageSize: 20 },
    { enabled },
  );

export const useEmailAgents = () =>
  useQuery({
    queryKey: ['emailAgents', SENDER_ROOT],
    queryFn: ({ signal }) => fetchData(emailApi.emailAgents, undefined, { signal }),
    meta: { reads: [SENDER_ROOT] },
  });

// The sent list, refreshed while any shown e-mail still has recipients queued or sending.
export const useEmailList = (params: EndpointParams<typeof emailApi.list>) =>
  useKeptRead([EMAIL_ROOT, 'list'], emailApi.list, params, {
    refetchInterval: (q) => (q.state.data?.list.some((e) => e.summary.queued + e.summary.sending > 0) ? 2000 : false),
  });

// The detail of one e-mail, polled while any recipient is queued or sending: "sent" is shown only once the
// outbox says so.
export const useEmailDetail = (id: number | null) =>
  useRecord(EMAIL_ROOT, emailApi.view, id, {
    refetchInterval: (q) => {
      const s = q.state.data?.summary;
      // A scheduled e-mail is not looked at again until its time has come.
      const isWaiting = (q.state.data?.sendAt ?? 0) > Date.now();
      return s && s.queued + s.sending > 0 && !isWaiting ? 1500 : false;
    },
  });

export const RECIPIENTS_PAGE_SIZE = 10;

// One page of an e-mail's recipients, polled with the detail while it is being sent. `progress` is the e-mail's counts:
// when they change the page is read again, so its rows never lag behind them once the polling stops.
export const useEmailRecipients = (
  params: { id: number | null; pageNum: number; status: (typeof EMAIL_STATUSES)[number] | null },
  progress: string | null,
  poll: boolean,
) =>
  useQuery({
    enabled: params.id !== null,
    queryKey: [EMAIL_ROOT, 'recipients', params, progress],
    queryFn: ({ signal }) =>
      fetchData(
        emailApi.recipients,
        { id: params.id!, pageNum: params.pageNum, pageSize: RECIPIENTS_PAGE_SIZE, status: params.status },
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? 1500 : false,
  });

export const useSendEmail = () => useWrite(EMAIL_ROOT, emailApi.add, { silentCodes: [Code.BAD_REQUEST] });
export const useResend = () => useWrite(EMAIL_ROOT, emailApi.resend);
export const useReschedule = () => useWrite(EMAIL_ROOT, emailApi.reschedule);
export const useCancelEmail = () => useWrite(EMAIL_ROOT, emailApi.cancel);

export type Uploaded = EndpointData<typeof filesApi.upload>;
export const uploadAttachment = (file: File, onProgress: (percent: number) => void) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<Uploaded>(filesApi.upload.url, form, onProgress);
};

// Template content for the compose form (the picker fills subject and content from it).
export const loadTemplate = (id: number) => fetchData(templateApi.view, { id });
