import { expect, it } from 'vitest';
import { cursorOf, nextCursorOf, pageResult, pageTotal, pageWindow, readCursor } from './paging.js';
import { engineFree } from '../test/engine.js';

engineFree.describe('paging', () => {
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

engineFree.describe('a page that tells its total (issue 43)', () => {
  it('tells it when it is not full and its position is known, else leaves it to a count', () => {
    // The last page: 25 rows skipped, 3 read of 10.
    expect(pageTotal(3, 10, 25)).toBe(28);
    // The first page of an empty list, and of a list shorter than a page.
    expect(pageTotal(0, 10, 0)).toBe(0);
    expect(pageTotal(7, 10, 0)).toBe(7);
    // A full page, an empty page past the first, a page after a cursor (position unknown): counted.
    expect(pageTotal(10, 10, 0)).toBeUndefined();
    expect(pageTotal(0, 10, 40)).toBeUndefined();
    expect(pageTotal(3, 10, undefined)).toBeUndefined();
  });
});

engineFree.describe('keyset cursor', () => {
  it('reads back what it wrote, a sort key holding "~" included', () => {
    expect(readCursor(cursorOf('2026-01-15', 42))).toEqual({ key: '2026-01-15', id: 42 });
    expect(readCursor(cursorOf('a~b', 7))).toEqual({ key: 'a~b', id: 7 });
  });

  it('gives the next page only after a full page', () => {
    const rows = [
      { id: 1, at: 10 },
      { id: 2, at: 20 },
    ];
    expect(nextCursorOf(rows, 2, (r) => r.at)).toBe('20~2');
    expect(nextCursorOf(rows, 3, (r) => r.at)).toBeNull();
    expect(nextCursorOf([], 2, (r: { id: number; at: number }) => r.at)).toBeNull();
  });
});
