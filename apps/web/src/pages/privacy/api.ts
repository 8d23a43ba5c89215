import { privacyApi, type BackgroundJob, type DataRequest, type EndpointParams } from '@study-crm/shared';
import { useKeptRead } from '../../api/useKeptRead';
import { useWrite } from '../../components/crud/crud';

export const PRIVACY_ROOT = 'dataRequests';

const building = (e: BackgroundJob | null) => e?.status === 'queued' || e?.status === 'running';

// The list; while an export of a shown row is being built it is read again every two seconds (its progress).
export const useDataRequests = (params: EndpointParams<typeof privacyApi.list>) =>
  useKeptRead([PRIVACY_ROOT, 'list'], privacyApi.list, params, {
    refetchInterval: (q) =>
      (q.state.data as { list: DataRequest[] } | undefined)?.list.some((r) => building(r.lastExport)) ? 2000 : false,
  });

export const useAddRequest = () => useWrite(PRIVACY_ROOT, privacyApi.add, { touches: ['messageBox'] });
export const useCompleteRequest = () => useWrite(PRIVACY_ROOT, privacyApi.complete, { touches: ['messageBox'] });
export const useExportData = () => useWrite(PRIVACY_ROOT, privacyApi.exportData, { touches: ['messageBox'] });
