import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import dayjs from 'dayjs';
import i18n, { registerBundle } from '../../i18n';
import { okResponse as ok } from '../../test/responses';
import { audit } from './locale';
import OperationLog from './OperationLog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('operation log dates', () => {
  beforeAll(async () => {
    registerBundle(audit);
    await i18n.changeLanguage('en-US');
  });

  it('filters by the member’s own days as instants, as the rows show local times', async () => {
    const asked: URL[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://x');
      asked.push(url);
      if (url.pathname.endsWith('/auditLogs'))
        return ok({ list: [], total: 0, pageNum: 1, pageSize: 20, totalCapped: false, nextCursor: null });
      return ok([]);
    });
    // 2 and 3 November, local time: from the start of the 2nd to the start of the 4th.
    const from = dayjs('2026-11-02').startOf('day').valueOf();
    const to = dayjs('2026-11-04').startOf('day').valueOf();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[`/operationLog?f.from=${from}&f.to=${to}`]}>
          <OperationLog />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(asked.some((u) => u.pathname.endsWith('/auditLogs'))).toBe(true));
    const list = asked.find((u) => u.pathname.endsWith('/auditLogs'))!;
    expect(list.searchParams.get('from')).toBe(String(from));
    expect(list.searchParams.get('to')).toBe(String(to));
    // The picker shows the days picked (the last one inclusive).
    // (antd's range picker loads on its own chunk.)
    await waitFor(() => expect(document.querySelectorAll('.ant-picker-range input')).toHaveLength(2), {
      timeout: 5000,
    });
    const inputs = [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')].map((i) => i.value);
    expect(inputs).toEqual(['2026-11-02', '2026-11-03']);
  });
});
