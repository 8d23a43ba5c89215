import type { Notice, NoticeRecipient, NoticeState, PersonRef } from '@study-crm/shared';
import type { NoticeRow } from '../inbox/index.js';

// The same rule as the message box's query and the list's state filter.
export function noticeState(row: Pick<NoticeRow, 'publishAt' | 'expiresAt'>, now: number): NoticeState {
  if (row.expiresAt !== null && Number(row.expiresAt) <= now) return 'expired';
  return Number(row.publishAt) > now ? 'scheduled' : 'published';
}

// The one place a notice row becomes its wire shape (member_id is the recipient: recipientId on the wire).
export function toNotice(row: NoticeRow, names: Map<number, PersonRef>, now: number): Notice {
  return {
    id: row.id,
    title: row.title,
    content: row.content ?? '',
    recipientId: row.memberId,
    recipientName: row.memberId === 0 ? null : (names.get(row.memberId)?.name ?? null),
    publishAt: Number(row.publishAt),
    expiresAt: row.expiresAt === null ? null : Number(row.expiresAt),
    state: noticeState(row, now),
    createdBy: row.createdBy === null ? null : (names.get(row.createdBy)?.name ?? null),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
    version: row.version,
  };
}

export function toRecipient(m: {
  id: number;
  displayName: string;
  email: string | null;
  mobile: string | null;
}): NoticeRecipient {
  return { id: m.id, name: m.displayName, email: m.email, mobile: m.mobile };
}
