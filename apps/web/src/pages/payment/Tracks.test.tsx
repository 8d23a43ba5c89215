import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import dayjs from 'dayjs';
import i18n, { registerBundle } from '../../i18n';
import { okResponse as ok } from '../../test/responses';
import { payment } from './locale';
import Tracks from './Tracks';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the payment operation log', () => {
  beforeAll(async () => {
    registerBundle(payment);
    await i18n.changeLanguage('en-US');
  });

  it('asks for the member’s own days as instants (the rows show local times), not UTC days', async () => {
    const asked: URL[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://x');
      asked.push(url);
      if (url.pathname === '/api/v1/cake/tracks') return ok({ list: [], total: 0, pageNum: 1, pageSize: 20 });
      return ok([]);
    });
    const from = dayjs('2026-11-02').startOf('day').valueOf();
    const to = dayjs('2026-11-04').startOf('day').valueOf();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[`/tracks?f.from=${from}&f.to=${to}`]}>
          <Tracks />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(asked.some((u) => u.pathname === '/api/v1/cake/tracks')).toBe(true));
    const list = asked.find((u) => u.pathname === '/api/v1/cake/tracks')!;
    expect([list.searchParams.get('from'), list.searchParams.get('to')]).toEqual([String(from), String(to)]);
    // The range picker stands for those instants: it shows the days picked (the last one inclusive).
    await waitFor(() => expect(document.querySelectorAll('.ant-picker-range input')).toHaveLength(2), {
      timeout: 5000,
    });
    const days = [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')].map((i) => i.value);
    expect(days).toEqual(['2026-11-02', '2026-11-03']);
  });
});
