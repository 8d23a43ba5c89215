import type { PassThrough } from 'node:stream';
import type { Locale } from '@study-crm/shared';
import { writeWorkbook, type ExportColumn } from '../export/index.js';
import type { FeedbackService } from './feedback.service.js';
import type { FeedbackRow } from './feedback.repository.js';

type Heading = 'name' | 'email' | 'mobile' | 'content' | 'status' | 'createdAt' | 'reply' | 'repliedAt' | 'repliedBy';
const HEADINGS: Record<Locale, Record<Heading | 'open' | 'answered' | 'sheet', string>> = {
  'zh-TW': {
    sheet: '意見回饋',
    name: '姓名',
    email: '電子郵件',
    mobile: '電話',
    content: '內容',
    status: '狀態',
    createdAt: '留言時間',
    reply: '回覆',
    repliedAt: '回覆時間',
    repliedBy: '回覆人',
    open: '未回覆',
    answered: '已回覆',
  },
  'zh-CN': {
    sheet: '意见反馈',
    name: '姓名',
    email: '邮箱',
    mobile: '电话',
    content: '内容',
    status: '状态',
    createdAt: '留言时间',
    reply: '回复',
    repliedAt: '回复时间',
    repliedBy: '回复人',
    open: '未回复',
    answered: '已回复',
  },
  'en-US': {
    sheet: 'Feedback',
    name: 'Name',
    email: 'E-mail',
    mobile: 'Phone',
    content: 'Content',
    status: 'Status',
    createdAt: 'Message time',
    reply: 'Reply',
    repliedAt: 'Reply time',
    repliedBy: 'Replied by',
    open: 'Not answered',
    answered: 'Answered',
  },
};
const WIDTHS: Record<Heading, number> = {
  name: 18,
  email: 28,
  mobile: 18,
  content: 60,
  status: 12,
  createdAt: 20,
  reply: 60,
  repliedAt: 20,
  repliedBy: 18,
};

type ExportRow = { row: FeedbackRow; reply: string | null; repliedBy: string | null };
const heading = (key: Heading | 'open' | 'answered' | 'sheet') => ({
  'zh-TW': HEADINGS['zh-TW'][key],
  'zh-CN': HEADINGS['zh-CN'][key],
  'en-US': HEADINGS['en-US'][key],
});
const VALUES: Record<Heading, ExportColumn<ExportRow>['value']> = {
  name: ({ row }) => row.name,
  email: ({ row }) => row.email,
  mobile: ({ row }) => (row.mobile ? `+${row.areaCode ?? ''} ${row.mobile}` : ''),
  content: ({ row }) => row.content,
  status: ({ row }, locale) => HEADINGS[locale][row.status],
  createdAt: ({ row }) => ({ date: row.createdAt }),
  reply: ({ reply }) => reply,
  repliedAt: ({ row }) => ({ date: row.repliedAt }),
  repliedBy: ({ repliedBy }) => repliedBy,
};
const COLUMNS: ExportColumn<ExportRow>[] = (Object.keys(WIDTHS) as Heading[]).map((key) => ({
  key,
  header: heading(key),
  width: WIDTHS[key],
  value: VALUES[key],
}));

// The filtered feedback list as an .xlsx, written row by row into the returned stream (no whole file in memory),
// by the export module's writer (formula cells kept as text, dates as dates).
export function feedbackWorkbook(rows: ReturnType<FeedbackService['exportRows']>, locale: Locale): PassThrough {
  return writeWorkbook(HEADINGS[locale].sheet, COLUMNS, rows, locale);
}
