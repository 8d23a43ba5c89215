import type { NoticeSortField } from '@study-crm/shared';
import type { Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { PageWindow } from '../../lib/paging.js';
import type { NoticeBoardRepository, NoticeFilter, NoticeRow, NoticeValues } from './notice-board.repository.js';

// The one way other modules manage member notices (the notice module's administration): the inbox owns the
// table and its read marks, and keeps them consistent here. `now` of each answer is the time states are read at.
export function createNoticeBoard(repo: NoticeBoardRepository, clock: Clock) {
  return {
    async page(f: NoticeFilter, sort: NoticeSortField, w: PageWindow) {
      const now = clock.now();
      return { ...(await repo.page(f, sort, w, now)), now };
    },

    find: (id: number): Promise<NoticeRow | undefined> => repo.find(id),

    readCount: (id: number): Promise<number> => repo.readCount(id),

    // `within`: what the caller writes with the new notice in its transaction (its e-mail copy).
    async create(v: NoticeValues, by: number, within?: (tx: Tx, id: number) => Promise<void>): Promise<NoticeRow> {
      const now = clock.now();
      return repo.transaction(async (tx) => {
        const id = await repo.insert(v, by, now, tx);
        if (within) await within(tx, id);
        return (await repo.find(id, tx))!;
      });
    },

    // Saved from the copy read at `version`. undefined: no such notice (or deleted meanwhile); 'stale': someone saved
    // it since that copy was read. A notice moved to another recipient is unread again.
    async update(id: number, v: NoticeValues, version: number, by: number): Promise<NoticeRow | 'stale' | undefined> {
      const now = clock.now();
      return repo.transaction(async (tx) => {
        const before = await repo.find(id, tx);
        if (!before) return undefined;
        if (!(await repo.update(id, v, version, by, now, tx))) return (await repo.find(id, tx)) ? 'stale' : undefined;
        if (before.memberId !== v.memberId) await repo.dropReads(id, tx);
        return repo.find(id, tx);
      });
    },

    // false: no such notice (or deleted meanwhile).
    async remove(id: number, by: number): Promise<boolean> {
      const now = clock.now();
      return repo.transaction(async (tx) => {
        if (!(await repo.remove(id, by, now, tx))) return false;
        await repo.dropReads(id, tx);
        return true;
      });
    },
  };
}
export type NoticeBoard = ReturnType<typeof createNoticeBoard>;
