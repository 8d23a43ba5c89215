import { useQuery } from '@tanstack/react-query';
import { auditApi, type EndpointParams } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { useKeptRead } from '../../api/useKeptRead';
import { useRecord } from '../../api/useRecord';

// The operation log: every write of any screen adds to it, so its reads depend on every domain (reads '*').
const EVERY_WRITE = { meta: { reads: ['*'] } } as const;

export const useAuditList = (p: EndpointParams<typeof auditApi.list>) =>
  useKeptRead(['audit', 'list'], auditApi.list, p, EVERY_WRITE);

export const useAuditEntry = (id: number | null) => useRecord('audit', auditApi.view, id);

// The modules and actions the server's routes declare (the filters' choices); fixed while the server runs.
export const useAuditActions = () =>
  useQuery({ queryKey: ['audit', 'actions'], queryFn: () => fetchData(auditApi.actions, {}), staleTime: Infinity });
