import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Code, smsApi, type EndpointParams, type Envelope, type SmsUploadResult } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { downloadAs } from '../../api/download';
import { uploadWithProgress } from '../../api/upload';
import { useWrite } from '../../components/crud/crud';
import { useKeptRead } from '../../api/useKeptRead';
import { useRecord } from '../../api/useRecord';

export const SMS_ROOT = 'sms';

// The batch list, refreshed while any shown batch still has recipients queued or sending (due now).
export const useSmsList = (params: EndpointParams<typeof smsApi.list>) =>
  useKeptRead([SMS_ROOT, 'list'], smsApi.list, params, {
    refetchInterval: (q) =>
      q.state.data?.list.some((b) => b.counts.queued + b.counts.sending > 0 && (b.sendAt ?? 0) <= Date.now())
        ? 2000
        : false,
  });

export const useSmsBatch = (id: number | null) =>
  useRecord(SMS_ROOT, smsApi.view, id, {
    refetchInterval: (q) => {
      const b = q.state.data;
      return b && b.counts.queued + b.counts.sending > 0 && (b.sendAt ?? 0) <= Date.now() ? 1500 : false;
    },
  });

// A batch's recipients, one page; polled with the batch while it is being sent. `progress` is the batch's counts:
// when they change the page is read again, so the rows never lag behind the counts once the polling stops.
export const useSmsRecipients = (
  params: { id: number | null; pageNum: number; status: string | null },
  progress: string | null,
  poll: boolean,
) =>
  useQuery({
    enabled: params.id !== null,
    queryKey: [SMS_ROOT, 'recipients', params, progress],
    queryFn: ({ signal }) =>
      fetchData(
        smsApi.recipients,
        { id: params.id!, pageNum: params.pageNum, pageSize: 10, status: params.status },
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? 1500 : false,
  });

export const useSmsGateway = () =>
  useQuery({
    queryKey: ['smsGateway'],
    queryFn: ({ signal }) => fetchData(smsApi.gateway, undefined, { signal }),
    staleTime: 60_000,
  });

export const useSmsTemplates = () =>
  useQuery({
    queryKey: ['smsTemplates', 'templates'],
    queryFn: ({ signal }) => fetchData(smsApi.templates, undefined, { signal }),
    meta: { reads: ['templates'] },
  });

export const usePushBatch = () => useWrite(SMS_ROOT, smsApi.batchPush, { silentCodes: [Code.BAD_REQUEST] });

// The recipient file, uploaded with progress; the answer (counts or the refusal) is shown in the form.
export function uploadRecipients(
  file: File,
  onProgress: (percent: number) => void,
): Promise<Envelope<SmsUploadResult>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<SmsUploadResult>(smsApi.add.url, form, onProgress).promise;
}

export const downloadTemplate = () => downloadAs(smsApi.template, {}, 'sms-recipients.xlsx');
export const downloadRejected = (id: number, fileName: string) => downloadAs(smsApi.rejected, { id }, fileName);
