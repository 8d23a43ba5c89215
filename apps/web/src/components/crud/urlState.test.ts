import { describe, expect, it } from 'vitest';
import { decodeList, encodeList, listPart, screenPath, type ListState } from './urlState';

const defaults: ListState = { filters: {}, pageNum: 1, pageSize: 20, sortField: 'createdAt', order: 'desc' };

describe('list state in the URL', () => {
  it('a screen is named by its path and non-list parameters only', () => {
    expect(screenPath('/a/userFiles', '?id=7&pageNum=2&f.status=x&pageSize=50')).toBe('/a/userFiles?id=7');
    expect(screenPath('/a/list', '?pageNum=2&sortField=name&order=asc')).toBe('/a/list');
  });

  it('round-trips filters, sort and page, numbers as numbers', () => {
    const state: ListState = {
      filters: { keyword: 'wang li', roleId: 3, status: null, empty: '' },
      pageNum: 2,
      pageSize: 50,
      sortField: 'name',
      order: 'asc',
    };
    const part = encodeList(state);
    expect(part).toBe('f.keyword=wang+li&f.roleId=3&order=asc&pageNum=2&pageSize=50&sortField=name');
    expect(decodeList(`?id=9&${part}`, defaults)).toEqual({
      filters: { keyword: 'wang li', roleId: 3 },
      pageNum: 2,
      pageSize: 50,
      sortField: 'name',
      order: 'asc',
    });
  });

  it('falls back to the defaults on missing or malformed values, and reads nothing without list parameters', () => {
    expect(decodeList('?id=9', defaults)).toBeNull();
    expect(decodeList('?pageNum=-1&pageSize=99999&order=sideways', defaults)).toEqual({
      filters: {},
      pageNum: 1,
      pageSize: 20,
      sortField: 'createdAt',
      order: 'desc',
    });
  });

  it('writes only what differs from the defaults, so an untouched list has a clean address', () => {
    expect(encodeList(defaults, defaults)).toBe('');
    expect(encodeList({ ...defaults, pageNum: 3 }, defaults)).toBe('pageNum=3');
    expect(encodeList({ ...defaults, sortField: 'name', order: 'asc' }, defaults)).toBe('order=asc&sortField=name');
    expect(encodeList({ ...defaults, filters: { status: 'x' }, pageSize: 50 }, defaults)).toBe(
      'f.status=x&pageSize=50',
    );
    expect(decodeList(`?${encodeList({ ...defaults, pageNum: 3 }, defaults)}`, defaults)).toEqual({
      ...defaults,
      pageNum: 3,
    });
  });

  it('keeps the keyword as typed, and digits with a leading zero as text, after Back or a reload', () => {
    const state: ListState = {
      filters: { keyword: '007', teacherId: 3, code: '0042', minus: -5, zero: 0, long: '1234567890123456' },
      pageNum: 1,
      pageSize: 20,
    };
    expect(decodeList(`?${encodeList(state)}`, defaults)?.filters).toEqual(state.filters);
    expect(decodeList('?f.keyword=123', defaults)?.filters).toEqual({ keyword: '123' });
    expect(decodeList('?f.status=-0', defaults)?.filters).toEqual({ status: '-0' });
  });

  it('compares list parts regardless of parameter order', () => {
    expect(listPart('?pageSize=20&id=1&pageNum=1')).toBe(listPart('?pageNum=1&pageSize=20'));
  });
});
