import { describe, expect, it } from 'vitest';
import { pageResult, pageWindow } from './paging.js';

describe('paging', () => {
  it('defaults to page 1 of 20 rows, newest first', () => {
    expect(pageWindow({})).toEqual({ pageNum: 1, pageSize: 20, limit: 20, offset: 0, order: 'desc' });
  });

  it('turns page and size into limit and offset, with per-list defaults', () => {
    expect(pageWindow({ pageNum: 3, pageSize: 10, order: 'asc' })).toMatchObject({
      limit: 10,
      offset: 20,
      order: 'asc',
    });
    expect(pageWindow({ pageNum: null }, { pageSize: 5, order: 'asc' })).toMatchObject({ pageSize: 5, order: 'asc' });
    expect(pageResult(['a'], 7, pageWindow({ pageNum: 2, pageSize: 1 }))).toEqual({
      list: ['a'],
      total: 7,
      pageNum: 2,
      pageSize: 1,
    });
  });
});
