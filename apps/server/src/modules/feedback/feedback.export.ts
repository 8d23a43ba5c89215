import { FeedbackListQuery, PERM, type FeedbackStatus, type Locale } from '@study-crm/shared';
import { listPages, tr, type Exporter } from '../export/index.js';
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
      { key: 'name', header: tr('姓名', '姓名', 'Name'), width: 18, value: ({ row }) => row.name },
      { key: 'email', header: tr('電子郵件', '邮箱', 'E-mail'), width: 28, value: ({ row }) => row.email },
      {
        key: 'mobile',
        header: tr('電話', '电话', 'Phone'),
        width: 18,
        value: ({ row }) => (row.mobile ? `+${row.areaCode ?? ''} ${row.mobile}` : null),
      },
      { key: 'content', header: tr('內容', '内容', 'Content'), width: 60, value: ({ row }) => row.content },
      { key: 'status', header: tr('狀態', '状态', 'Status'), width: 12, value: ({ row }, l) => STATUS[row.status][l] },
      {
        key: 'createdAt',
        header: tr('留言時間', '留言时间', 'Message time'),
        width: 20,
        value: ({ row }) => ({ date: row.createdAt }),
      },
      { key: 'reply', header: tr('回覆', '回复', 'Reply'), width: 60, value: ({ reply }) => reply },
      {
        key: 'repliedAt',
        header: tr('回覆時間', '回复时间', 'Reply time'),
        width: 20,
        value: ({ row }) => ({ date: row.repliedAt }),
      },
      {
        key: 'repliedBy',
        header: tr('回覆人', '回复人', 'Replied by'),
        width: 18,
        value: ({ repliedBy }) => repliedBy,
      },
    ],
  };
}
