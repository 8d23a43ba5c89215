import { FeedbackListQuery, PERM, type FeedbackStatus, type Locale } from '@study-crm/shared';
import { column, listPages, tr, type Exporter } from '../export/index.js';
import type { FeedbackExportRow, FeedbackService } from './feedback.service.js';

const STATUS: Record<FeedbackStatus, Record<Locale, string>> = {
  open: tr('未回覆', '未回复', 'Not answered'),
  answered: tr('已回覆', '已回复', 'Answered'),
};

// The feedback list's export (issue 39): the list's own query (status, keyword, message time, order) for holders
// of its permission, through the export module like every list (one way: there is no route of its own). The
// file holds what the list and its drawer show: the sender, the whole message and the latest reply.
export function feedbackExporter(
  feedback: Pick<FeedbackService, 'exportPage'>,
): Exporter<FeedbackListQuery, FeedbackExportRow> {
  return {
    list: 'feedback',
    perm: PERM.feedbackList,
    sheet: tr('意見回饋', '意见反馈', 'Feedback'),
    query: FeedbackListQuery,
    page: listPages(feedback.exportPage),
    columns: [
      column.of('name', tr('姓名', '姓名', 'Name'), ({ row }) => row.name, 18),
      column.of('email', tr('電子郵件', '邮箱', 'E-mail'), ({ row }) => row.email, 28),
      column.of(
        'mobile',
        tr('電話', '电话', 'Phone'),
        ({ row }) => (row.mobile ? `+${row.areaCode ?? ''} ${row.mobile}` : null),
        18,
      ),
      column.of('content', tr('內容', '内容', 'Content'), ({ row }) => row.content, 60),
      column.of('status', tr('狀態', '状态', 'Status'), ({ row }, l) => STATUS[row.status][l], 12),
      column.of('createdAt', tr('留言時間', '留言时间', 'Message time'), ({ row }) => ({ date: row.createdAt }), 20),
      column.of('reply', tr('回覆', '回复', 'Reply'), ({ reply }) => reply, 60),
      column.of('repliedAt', tr('回覆時間', '回复时间', 'Reply time'), ({ row }) => ({ date: row.repliedAt }), 20),
      column.of('repliedBy', tr('回覆人', '回复人', 'Replied by'), ({ repliedBy }) => repliedBy, 18),
    ],
  };
}
