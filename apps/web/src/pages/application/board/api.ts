import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { applicationBoardApi, Code } from '@study-crm/shared';
import { call, fetchData } from '../../../api/call';

// The list's filters the board reads (the table's, without sort and page; status picks the columns shown).
export type BoardFilters = {
  keyword?: string | undefined;
  teacherId?: number | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
};

export const BOARD_PAGE_SIZE = 20;
const ROOT = ['application', 'board'] as const;

// Live applications per status on the filters: one grouped count on the server (the list counters unfiltered).
export const useBoardCounts = (filters: BoardFilters) =>
  useQuery({
    queryKey: [...ROOT, 'counts', filters],
    queryFn: ({ signal }) => fetchData(applicationBoardApi.counts, filters, { signal }),
    select: (rows) => new Map(rows.map((r) => [r.status, r.count])),
  });

// One column's cards, a page at a time by keyset cursor ("Load more" asks for the next).
export const useBoardColumn = (status: string, filters: BoardFilters) =>
  useInfiniteQuery({
    queryKey: [...ROOT, 'column', status, filters],
    queryFn: ({ pageParam, signal }) =>
      fetchData(
        applicationBoardApi.column,
        { ...filters, status, pageSize: BOARD_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

// A card moved to another status. A refusal (stale version, a status no longer offered) comes back as the
// envelope, so the board snaps the card back and says why instead of a generic toast.
export const moveCard = (body: { id: number; version: number; status: string }) =>
  call(applicationBoardApi.move, body, {
    apiResCode: [Code.CONFLICT, Code.BAD_REQUEST, Code.NOT_FOUND],
  });
