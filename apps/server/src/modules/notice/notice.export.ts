import {
  NoticeListQuery,
  PERM,
  type Locale,
  type Notice,
  type NoticeListInput,
  type NoticeState,
} from '@study-crm/shared';
import { column, listPages, tr, type Exporter } from '../export/index.js';
import type { NoticeService } from './notice.service.js';

// The list's own wording (pages/notice/locale.ts).
const STATE: Record<NoticeState, Record<Locale, string>> = {
  scheduled: tr('排程中', '排程中', 'Scheduled'),
  published: tr('已發布', '已发布', 'Published'),
  expired: tr('已到期', '已到期', 'Expired'),
};
const ALL_MEMBERS = tr('全體會員', '全体会员', 'All members');
const NEVER = tr('不到期', '不到期', 'Never');

// The member notice list's export (issue 39): the list's own call (keyword, recipient, state, sort), for holders
// of its permission.
export function noticeExporter(notices: Pick<NoticeService, 'list'>): Exporter<NoticeListInput, Notice> {
  return {
    list: 'notice',
    perm: PERM.noticeList,
    sheet: tr('會員通知', '会员通知', 'Member notices'),
    query: NoticeListQuery,
    page: listPages(notices.list),
    columns: [
      column.plain('title', tr('標題', '标题', 'Title'), 36),
      column.of(
        'recipient',
        tr('收件人', '收件人', 'Recipient'),
        (r, l) => (r.recipientId === 0 ? ALL_MEMBERS[l] : (r.recipientName ?? String(r.recipientId))),
        20,
      ),
      column.time('publishAt', tr('發布時間', '发布时间', 'Publish time')),
      column.of(
        'expiresAt',
        tr('到期時間', '到期时间', 'Expires'),
        (r, l) => (r.expiresAt === null ? NEVER[l] : { date: r.expiresAt }),
        18,
      ),
      column.named('state', tr('狀態', '状态', 'State'), 10, STATE),
    ],
  };
}
