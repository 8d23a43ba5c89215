import { useQuery } from '@tanstack/react-query';
import { dashboardApi, memberApi } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { useKeptRead } from '../../api/useKeptRead';

// The dashboard shows other domains' figures: any write to them refreshes it (lib/queryDomains.ts).
const READS = ['application', 'payment', 'emails', 'sms', 'feedback', 'tasks', 'contributions', 'messageBox'] as const;

export const useDashboard = (days: number) =>
  useKeptRead(['dashboard'], dashboardApi.dashboard, { days }, { meta: { reads: READS } });

// Member counts (GET /api/v1/cake/rpt/countMember): asked only by members who may open the employee list.
export const useMemberCount = (enabled: boolean) =>
  useQuery({
    queryKey: ['dashboard', 'members'],
    queryFn: ({ signal }) => fetchData(memberApi.countMember, {}, { signal }),
    enabled,
    meta: { reads: ['members'] },
  });
