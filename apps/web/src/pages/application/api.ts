import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  admissionsApi,
  applicationApi,
  Code,
  followUpApi,
  visaApi,
  type FileRecord,
  type EndpointParams,
} from '@study-crm/shared';
import { call, fetchData, type ActionCall } from '../../api/call';
import { downloadAs } from '../../api/download';
import { uploadWithProgress as uploadFile } from '../../api/upload';
import { useKeptRead } from '../../api/useKeptRead';
import { firstListParams, type ListDefaults } from '../../components/crud/useListState';
import { invalidateDomains } from '../../lib/queryDomains';

// The home list's params, `cursor` the previous page's nextCursor when the pager moved to the next page (keyset
// paging, decision 54).
export type ApplicationListParams = EndpointParams<typeof applicationApi.list>;

// The home list's sort before the member picks one.
export const APPLICATION_LIST_DEFAULTS: ListDefaults = { sortField: 'applicationDate', order: 'desc' };
const LIST_KEY = ['application', 'list'] as const;

export const useApplicationList = (p: ApplicationListParams, enabled = true) =>
  useKeptRead(LIST_KEY, applicationApi.list, p, { enabled });

// The home list's first page, asked for at a signed-in boot at its address alongside the frame's code and the
// member's access (app/Portal.tsx), so the list draws with the screen instead of asking once it is drawn. Quiet: a
// refused or failed read (a member without the list, an expired session) is left to the screen and the access
// read, which ask again and say so.
export function prefetchApplicationList(client: QueryClient, search: string): void {
  const params = firstListParams(search, APPLICATION_LIST_DEFAULTS);
  client
    .query({
      queryKey: [...LIST_KEY, params],
      queryFn: ({ signal }) => fetchData(applicationApi.list, params, { signal, quiet: true }),
      retry: false,
    })
    .catch(() => undefined);
}

// The admissions cycles for a target school's cycle select (every cycle: a saved choice keeps showing its own).
export const useCycleOptions = () =>
  useQuery({
    queryKey: ['admissionsCycles', 'options'],
    queryFn: () => fetchData(admissionsApi.options),
    staleTime: 5 * 60_000,
  });

export const useApplicationView = (id: number | undefined) =>
  useQuery({
    queryKey: ['application', 'view', id],
    queryFn: () => fetchData(applicationApi.view, { id }),
    enabled: !!id,
    staleTime: 0,
  });

// Saves the detail form. 409 (someone else saved first) and 7944 (the student already applied for a course) are
// shown by the screen, not as a toast.
const SHOWN_BY_SCREEN = { apiResCode: [Code.CONFLICT, Code.APPLICATION_DUPLICATE] };
export const saveApplication = (body: EndpointParams<typeof applicationApi.update>, id?: number) =>
  id ? call(applicationApi.update, body, SHOWN_BY_SCREEN) : call(applicationApi.create, body, SHOWN_BY_SCREEN);

// After an application write (the detail form, an upload, a board move): the application's queries and those that
// read applications (the dashboard, the record timeline and the operation log) are read again, in every open tab.
export function useInvalidateApplication() {
  const qc = useQueryClient();
  return () => invalidateDomains(qc, ['application']);
}

// ---------- Student visa checklist (issue 40) ----------

export const useVisaChecklist = (id: number | undefined) =>
  useQuery({
    queryKey: ['application', 'visa', id],
    queryFn: () => fetchData(visaApi.checklist, { id: id! }),
    enabled: !!id,
    meta: { reads: ['visaStages'] },
  });

export function useSaveVisaStep() {
  return useMutation({
    mutationFn: (body: EndpointParams<typeof visaApi.saveStep>) => fetchData(visaApi.saveStep, body),
    // A step's date feeds the reminders and "this week"; the follow-up ratio may count the step.
    meta: { touches: ['application', 'messageBox'] },
  });
}

export const useThisWeek = (p: { pageNum: number; pageSize: number }, enabled: boolean) =>
  useQuery({
    queryKey: ['application', 'thisWeek', p],
    queryFn: () => fetchData(visaApi.thisWeek, p),
    enabled,
  });

// ---------- follow-up ----------

export const useFollowUps = (applicationId: number | undefined) =>
  useQuery({
    queryKey: ['application', 'follow', applicationId],
    queryFn: () => fetchData(followUpApi.list, { applicationId }),
    enabled: !!applicationId,
  });

export function useFollowMutation() {
  return useMutation({
    mutationFn: ({ action, body }: ActionCall<typeof followUpApi, 'add' | 'update' | 'done'>) =>
      fetchData(followUpApi[action], body),
    // A follow-up item feeds its follow teacher's to-do: refresh the navbar message box too.
    meta: { touches: ['application', 'messageBox'] },
  });
}

// ---------- files ----------

export const useFiles = (applicationId: number | undefined, pageNum: number, pageSize: number) =>
  useKeptRead(
    ['application', 'files'],
    applicationApi.fileList,
    { applicationId, pageNum, pageSize },
    { enabled: !!applicationId },
  );

export function useFileMutation() {
  return useMutation({
    mutationFn: ({ action, body }: ActionCall<typeof applicationApi, 'updateFileRecord' | 'removeFileRecord'>) =>
      fetchData(applicationApi[action], body),
    meta: { touches: ['application'] },
  });
}

// Multipart upload of an application file, with progress.
export const uploadWithProgress = (form: FormData, onProgress: (percent: number) => void) =>
  uploadFile<FileRecord>(applicationApi.uploadFile.url, form, onProgress);

// Downloads go through fetch with the token header (a plain link cannot carry it), then an object URL saved under
// the file's title; images too (spec section 9: images download through fetch and still arrive as a file).
export async function downloadFile(file: Pick<FileRecord, 'id' | 'title' | 'extension'>): Promise<void> {
  await downloadAs(applicationApi.downloadFile, { id: file.id }, `${file.title}.${file.extension}`);
}
