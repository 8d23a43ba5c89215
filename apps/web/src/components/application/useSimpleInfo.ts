import { useQuery } from '@tanstack/react-query';
import { applicationApi } from '@study-crm/shared';
import { fetchData } from '../../api/call';

// The application's name, status and staff for the header of the screens about one application.
export const useSimpleInfo = (id: number | undefined) =>
  useQuery({
    queryKey: ['application', 'simple', id],
    queryFn: () => fetchData(applicationApi.simpleInfo, { id }),
    enabled: !!id,
  });
