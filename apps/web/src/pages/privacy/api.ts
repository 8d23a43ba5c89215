import { privacyApi, type DataExport, type DataRequest } from '@study-crm/shared';
import { downloadAs } from '../../api/download';
import type { Params } from '../../api/client';
import { useKeptRead } from '../../api/useKeptRead';
import { useWrite } from '../../components/crud/crud';

export const PRIVACY_ROOT = 'dataRequests';

const building = (e: DataExport | null) => e?.status === 'queued' || e?.status === 'running';

// The list; while an export of a shown row is being built it is read again every two seconds (its progress).
export const useDataRequests = (params: Params) =>
  useKeptRead([PRIVACY_ROOT, 'list'], privacyApi.list, params, {
    refetchInterval: (q) =>
      (q.state.data as { list: DataRequest[] } | undefined)?.list.some((r) => building(r.lastExport)) ? 2000 : false,
  });

export const useAddRequest = () => useWrite(PRIVACY_ROOT, privacyApi.add, { touches: ['messageBox'] });
export const useCompleteRequest = () => useWrite(PRIVACY_ROOT, privacyApi.complete, { touches: ['messageBox'] });
export const useExportData = () => useWrite(PRIVACY_ROOT, privacyApi.exportData, { touches: ['messageBox'] });

export const useExportView = (id: number | null) =>
  useKeptRead([PRIVACY_ROOT, 'export', id], privacyApi.exportView, { id }, { enabled: !!id, retry: false });

// The archive, saved under the name the server gives it (the download is audited on the server).
export async function downloadExport(id: number) {
  await downloadAs(privacyApi.download, { id }, `personal-data-${id}.zip`);
}
