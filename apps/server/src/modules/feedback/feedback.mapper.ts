import type { FeedbackDetail, FeedbackItem, FeedbackReply, PersonRef } from '@study-crm/shared';
import type { FeedbackReplyRow, FeedbackRow } from './feedback.repository.js';
import { excerpt } from './feedback.text.js';
import { personRef } from '../people/index.js';

export const EXCERPT_LENGTH = 80;

// The one place feedback rows become responses; names come from the people module.
export function toFeedbackItem(r: FeedbackRow, names: Map<number, PersonRef>): FeedbackItem {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    areaCode: r.areaCode,
    mobile: r.mobile,
    excerpt: excerpt(r.content, EXCERPT_LENGTH),
    status: r.status,
    member: personRef(names, r.memberId),
    replyCount: r.replyCount,
    createdAt: Number(r.createdAt),
    repliedAt: r.repliedAt === null ? null : Number(r.repliedAt),
    repliedBy: personRef(names, r.repliedBy),
  };
}

export function toFeedbackReply(r: FeedbackReplyRow, names: Map<number, PersonRef>): FeedbackReply {
  return {
    id: r.id,
    author: personRef(names, r.authorId),
    content: r.content,
    createdAt: Number(r.createdAt),
    emailed: r.emailId === null ? 0 : 1,
    messaged: r.messaged ? 1 : 0,
  };
}

export function toFeedbackDetail(
  r: FeedbackRow,
  replies: FeedbackReplyRow[],
  names: Map<number, PersonRef>,
): FeedbackDetail {
  const thread = replies.map((x) => toFeedbackReply(x, names));
  return Object.assign(toFeedbackItem(r, names), {
    content: r.content,
    reply: thread.at(-1)?.content ?? null,
    replies: thread,
  });
}
