import { MESSAGE_TABS, type MessageBox, type MessageBoxItem, type MessageTab } from '@study-crm/shared';
import type { Clock } from '../../lib/clock.js';
import { pageResult, pageWindow } from '../../lib/paging.js';
import { notFound } from '../../http/errors.js';
import type { Conn } from '../../db/transaction.js';
import type { BoxRow, InboxRepository, SourceTodo, TodoSource } from './inbox.repository.js';

// The drawer shows five items per tab unless asked otherwise.
const BOX_PAGE_SIZE = 5;

// The one place a stored row becomes a message-box item.
function toItem(r: BoxRow): MessageBoxItem {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    link: r.link,
    kind: r.kind,
    dueAt: r.dueAt === null ? null : Number(r.dueAt),
    done: r.done ? 1 : 0,
    read: r.readAt === null ? 0 : 1,
    createdAt: Number(r.createdAt),
  };
}

export function createInboxService(repo: InboxRepository, clock: Clock) {
  return {
    async box(
      memberId: number,
      q: { tab?: MessageTab | null; pageNum?: number | null; pageSize?: number | null },
    ): Promise<MessageBox> {
      const windowOf = (tab: MessageTab) =>
        pageWindow({ pageNum: q.tab === tab ? q.pageNum : 1, pageSize: q.pageSize }, { pageSize: BOX_PAGE_SIZE });
      const now = clock.now();
      const [unread, ...pages] = await Promise.all([
        repo.unreadCounts(memberId, now),
        ...MESSAGE_TABS.map(async (tab) => {
          const w = windowOf(tab);
          const { rows, total } = await repo.page(memberId, tab, w, now);
          return pageResult(rows.map(toItem), total, w);
        }),
      ]);
      const [message, notice, todo] = pages as [MessageBox['message'], MessageBox['notice'], MessageBox['todo']];
      return { unread, message, notice, todo };
    },

    async read(memberId: number, tab: MessageTab, id: number): Promise<null> {
      const now = clock.now();
      if (!(await repo.visible(memberId, tab, id, now))) throw notFound();
      await repo.markRead(memberId, tab, id, now);
      return null;
    },

    async readAll(memberId: number, tab: MessageTab): Promise<{ marked: number }> {
      return { marked: await repo.markAllRead(memberId, tab, clock.now()) };
    },

    /**
     * The one call other modules post to-dos with: makes the to-do fed by their record (`source`) match `want`
     * (null: the record has no to-do). Pass `tx` to commit or roll back with the record's own write.
     */
    syncSourceTodo: (source: TodoSource, want: SourceTodo | null, tx?: Conn): Promise<void> =>
      repo.syncSourceTodo(source, want, clock.now(), tx),

    // A message in one member's message box (e.g. a reply to their feedback); `tx`: the caller's transaction.
    postMessage: (
      m: { memberId: number; title: string; content: string | null; link: string | null },
      tx?: Conn,
    ): Promise<number> => repo.addMessage({ ...m, now: clock.now() }, tx),
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
