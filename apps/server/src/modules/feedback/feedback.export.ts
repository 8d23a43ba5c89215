import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Locale } from '@study-crm/shared';
import type { FeedbackService } from './feedback.service.js';

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

// A cell starting with = + - @ would be a formula in a spreadsheet program: it is kept as text with a quote.
const safe = (v: string | null) => (v && /^[=+\-@\t\r]/.test(v) ? `'${v}` : (v ?? ''));

// The filtered feedback list as an .xlsx, written row by row into the returned stream (no whole file in memory).
export function feedbackWorkbook(rows: ReturnType<FeedbackService['exportRows']>, locale: Locale): PassThrough {
  const h = HEADINGS[locale];
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = book.addWorksheet(h.sheet);
  sheet.columns = (Object.keys(WIDTHS) as Heading[]).map((key) => ({ header: h[key], key, width: WIDTHS[key] }));
  sheet.getRow(1).font = { bold: true };
  const time = (ms: number | null) => (ms === null ? null : new Date(Number(ms)));
  void (async () => {
    try {
      for await (const { row, reply, repliedBy } of rows) {
        const line = sheet.addRow({
          name: safe(row.name),
          email: safe(row.email),
          mobile: row.mobile ? `+${row.areaCode ?? ''} ${row.mobile}` : '',
          content: safe(row.content),
          status: h[row.status],
          createdAt: time(row.createdAt),
          reply: safe(reply),
          repliedAt: time(row.repliedAt),
          repliedBy: safe(repliedBy),
        });
        line.getCell('createdAt').numFmt = 'yyyy-mm-dd hh:mm';
        line.getCell('repliedAt').numFmt = 'yyyy-mm-dd hh:mm';
        line.commit();
      }
      sheet.commit();
      await book.commit();
    } catch (err) {
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return out;
}
