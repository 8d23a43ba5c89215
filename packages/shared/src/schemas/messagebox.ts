import { z } from 'zod';
import { MESSAGE_TABS } from '../message-tabs.js';
import { zId, zInt, PAGE_SIZE_MAX } from '../wire.js';

export * from '../message-tabs.js';

export const zMessageTab = z.enum(MESSAGE_TABS).describe('message = system messages, notice = member notices, todo');

export const MessageBoxQuery = z.object({
  tab: zMessageTab.nullish().describe('the tab pageNum applies to; the other tabs return their first page'),
  pageNum: zInt().pipe(z.number().min(1)).nullish().describe('1-based page of `tab`, default 1'),
  pageSize: zInt().pipe(z.number().min(1).max(PAGE_SIZE_MAX)).nullish().describe('rows per tab, default 5'),
});
export type MessageBoxQuery = z.infer<typeof MessageBoxQuery>;

export const MessageBoxItem = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string().nullable(),
  link: z.string().nullable().describe('portal path to open, if any'),
  kind: z.string().nullable().describe('to-do kind, e.g. paymentConfirm or followUpDue'),
  dueAt: z.number().int().nullable().describe('to-do due time, epoch ms'),
  done: z.union([z.literal(0), z.literal(1)]),
  read: z.union([z.literal(0), z.literal(1)]),
  createdAt: z.number().int(),
});
export type MessageBoxItem = z.infer<typeof MessageBoxItem>;

const tabPage = z.object({
  list: z.array(MessageBoxItem),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});

export const MessageBox = z.object({
  unread: z.object({ message: z.number().int(), notice: z.number().int(), todo: z.number().int() }),
  message: tabPage,
  notice: tabPage,
  todo: tabPage,
});
export type MessageBox = z.infer<typeof MessageBox>;

export const MessageReadBody = z.object({ tab: zMessageTab, id: zId().describe('item id within the tab') });
export const MessageReadAllBody = z.object({ tab: zMessageTab });
