import { uploadWithProgress } from '../../api/upload';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Code,
  filesApi,
  paymentApi,
  trackApi,
  type Attachment,
  type Envelope,
  type EndpointParams,
} from '@study-crm/shared';
import { blobOf, fetchData, type ActionCall } from '../../api/call';
import { ApiError } from '../../api/client';
import { invalidateDomains } from '../../lib/queryDomains';
import { useKeptRead } from '../../api/useKeptRead';

// Query keys start with the domain 'payment' (records, totals) or 'track' (the operation log); every payment write
// touches both, so lists, totals and the log refresh in every open tab.
const TOUCHES = ['payment', 'track'] as const;

// With an applicationId (the userTransactions screen) the reads go through the screen's own calls (permission
// payment:userList), so a member holding only that screen can use it.
export const usePaymentList = (p: EndpointParams<typeof paymentApi.userList>) =>
  useKeptRead(['payment', 'list'], p.applicationId ? paymentApi.userList : paymentApi.list, p);

export const usePaymentTotals = (p: EndpointParams<typeof paymentApi.userCountAmount>) =>
  useKeptRead(['payment', 'totals'], p.applicationId ? paymentApi.userCountAmount : paymentApi.countAmount, p);

export const usePaymentView = (id: number | undefined, applicationId?: number) =>
  useQuery({
    queryKey: ['payment', 'view', id, applicationId],
    queryFn: () =>
      applicationId ? fetchData(paymentApi.userView, { id, applicationId }) : fetchData(paymentApi.view, { id }),
    enabled: !!id,
    staleTime: 0,
  });

export function usePaymentMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: ActionCall<typeof paymentApi, 'create' | 'update' | 'confirm' | 'void'>) =>
      fetchData(paymentApi[action], body),
    meta: { touches: TOUCHES },
    // A stale copy (409: the record changed since it was read) reads the records again, so the list shows what is
    // there now; an open edit form keeps the version it was filled from, so it cannot overwrite unseen changes.
    onError: (err) => {
      if (err instanceof ApiError && err.code === Code.CONFLICT) void invalidateDomains(client, TOUCHES);
    },
  });
}

export const useTracks = (p: EndpointParams<typeof trackApi.list>) => useKeptRead(['track', 'list'], trackApi.list, p);

export const useTrackView = (id: number | undefined) =>
  useQuery({
    queryKey: ['track', 'view', id],
    queryFn: () => fetchData(trackApi.view, { id }),
    enabled: !!id,
  });

export type Uploaded = { name: string; originalName: string; extension: string; mime: string; size: number };

// The general upload (files module) with progress, through the one upload helper of the api client.
export function uploadAttachment(file: File, onProgress: (percent: number) => void): Promise<Envelope<Uploaded>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<Uploaded>(filesApi.upload.url, form, onProgress).promise;
}

// An attachment's bytes as an object URL (image previews, downloads); the caller revokes it. With an applicationId
// (userTransactions) through that screen's own call.
export async function attachmentUrl(a: Pick<Attachment, 'id'>, applicationId?: number): Promise<string> {
  const blob = applicationId
    ? await blobOf(paymentApi.userDownloadFile, { id: a.id, applicationId })
    : await blobOf(paymentApi.downloadFile, { id: a.id });
  return URL.createObjectURL(blob);
}

export async function downloadAttachment(
  a: Pick<Attachment, 'id' | 'originalName'>,
  applicationId?: number,
): Promise<void> {
  const url = await attachmentUrl(a, applicationId);
  const link = document.createElement('a');
  link.href = url;
  link.download = a.originalName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
