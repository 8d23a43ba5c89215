import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DictBadge } from './DictBadge';
import { dictText, fetchDictOptions } from './useDictOptions';
import { okResponse as ok } from '../../test/responses';

describe('dictionary options', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for one type with empty page size and number', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(ok([{ value: 'GBP', label: '英鎊', label2: 'Pound', color: null }]));
    expect(await fetchDictOptions('currency')).toEqual([{ value: 'GBP', label: '英鎊', label2: 'Pound', color: null }]);
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/v1/sys/dict/list');
    expect(url.searchParams.get('type')).toBe('currency');
    expect(url.searchParams.get('pageSize')).toBe('');
    expect(url.searchParams.get('pageNum')).toBe('');
  });

  it('gives an empty list on a non-200 answer, no envelope, or no answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(JSON.stringify({ meta: { code: 403, message: 'no' }, data: null })),
    );
    expect(await fetchDictOptions('currency')).toEqual([]);
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('<html>'));
    expect(await fetchDictOptions('currency')).toEqual([]);
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await fetchDictOptions('currency')).toEqual([]);
  });

  it('shows the English name in en-US and the Chinese name otherwise', () => {
    const o = { label: '英鎊', label2: 'Pound sterling' };
    expect(dictText(o, 'en-US')).toBe('Pound sterling');
    expect(dictText(o, 'zh-TW')).toBe('英鎊');
    expect(dictText({ label: '英鎊', label2: null }, 'en-US')).toBe('英鎊');
  });

  it('renders a badge with the entry name, and the raw value when the type is unknown', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      ok([{ value: 'refund', label: '退款', label2: 'Refund', color: '#F53F3F' }]),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <DictBadge type="payment_type" value="refund" />
        <DictBadge type="payment_type" value="mystery" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText(/退款|Refund/)).toBeTruthy());
    expect(screen.getByText('mystery')).toBeTruthy();
  });
});
