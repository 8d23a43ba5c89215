import type { ComponentType } from 'react';
import { expect, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import dayjs from 'dayjs';
import { okResponse } from './responses';

// A list screen opened at `path` with its date range filter on 2 and 3 November in the member's own days: its list
// (the call whose path ends with `listPath`, answered `emptyPage`) asks for those days as instants, from the start of
// the 2nd to the start of the 4th local time (the rows show local times, not UTC days), and its range picker shows
// the days picked (the last one inclusive).
export async function expectLocalDayRange(
  Screen: ComponentType,
  path: string,
  listPath: string,
  emptyPage: unknown,
): Promise<void> {
  const asked: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    asked.push(url);
    return okResponse(url.pathname.endsWith(listPath) ? emptyPage : []);
  });
  const from = dayjs('2026-11-02').startOf('day').valueOf();
  const to = dayjs('2026-11-04').startOf('day').valueOf();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`${path}?f.from=${from}&f.to=${to}`]}>
        <Screen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(asked.some((u) => u.pathname.endsWith(listPath))).toBe(true));
  const list = asked.find((u) => u.pathname.endsWith(listPath))!;
  expect([list.searchParams.get('from'), list.searchParams.get('to')]).toEqual([String(from), String(to)]);
  // (antd's range picker loads on its own chunk.)
  await waitFor(() => expect(document.querySelectorAll('.ant-picker-range input')).toHaveLength(2), {
    timeout: 5000,
  });
  const days = [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')].map((i) => i.value);
  expect(days).toEqual(['2026-11-02', '2026-11-03']);
}
