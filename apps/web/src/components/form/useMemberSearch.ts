import type { SearchEndpoint } from '@study-crm/shared';
import { useKeptRead } from '../../api/useKeptRead';
import { useSearchTerm } from './useSearchTerm';

// A member picker's search: what is typed (once typing pauses) and the members the server finds for it (`endpoint`
// takes a keyword), read once the picker has been opened and again whenever members change (its query key is in the
// members' domain, under `key`).
export function useMemberSearch<R extends SearchEndpoint['response']>(key: string, endpoint: SearchEndpoint<R>) {
  const search = useSearchTerm();
  const found = useKeptRead(
    ['members', 'search', key],
    endpoint,
    { keyword: search.term || null },
    { enabled: search.opened },
  );
  return { search, found };
}
