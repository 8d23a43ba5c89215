import { describe, expect, it } from 'vitest';
import { decodeList } from '../../components/crud/urlState';
import { LIST_PATHS, listUrl } from './links';

describe('dashboard links', () => {
  it('writes filters as the list URL state the list reads back', () => {
    const url = listUrl(LIST_PATHS.payments, {
      currency: 'GBP',
      type: 'collection',
      status: 'confirmed',
      dateFrom: '2026-10-25',
      dateTo: '2026-11-23',
      teacherId: null,
    });
    expect(url.startsWith('/transactionsManage/transactions?')).toBe(true);
    const state = decodeList(url.slice(url.indexOf('?')), { filters: {}, pageNum: 1, pageSize: 20 });
    expect(state?.filters).toEqual({
      currency: 'GBP',
      type: 'collection',
      status: 'confirmed',
      dateFrom: '2026-10-25',
      dateTo: '2026-11-23',
    });
  });

  it('leaves a list without filters at its clean address', () => {
    expect(listUrl(LIST_PATHS.members, { status: '' })).toBe('/employee/employeeList');
  });
});
