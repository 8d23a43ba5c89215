import type { FastifyInstance } from 'fastify';
import { noticeApi, PERM } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { NoticeService } from './notice.service.js';

const tags = ['notice'];
const RECIPIENT_NOTE =
  'recipientId is the notice\'s recipient (the spec\'s "memberId", 0 = all members); memberId on the wire is ' +
  'always the caller.';

export function registerNoticeRoutes(app: FastifyInstance, notices: NoticeService): void {
  defineRoute(app, {
    ...noticeApi.list,
    access: PERM.noticeList,
    tags,
    summary: 'Member notices, paged; search by title, filter by recipient and state, sorted in SQL',
    description: RECIPIENT_NOTE,
    handler: ({ query }) => notices.list(query),
  });

  defineRoute(app, {
    ...noticeApi.view,
    access: PERM.noticeList,
    tags,
    summary: 'One member notice with how many members have read it and its e-mail copy per delivery status',
    description:
      "The e-mail copy is counts only: its recipients are members' addresses, read a page at a time through " +
      'copyRecipients (notice:add).',
    handler: ({ query }) => notices.view(query.id),
  });

  defineRoute(app, {
    ...noticeApi.add,
    access: PERM.noticeAdd,
    audit: { action: 'notice.add', record: 'memberNotice' },
    tags,
    summary: 'Add a member notice: shown in the message box from publishAt until expiresAt',
    description: `${RECIPIENT_NOTE} A notice to all members is one row; read state is kept per member.`,
    handler: ({ body, member }) => notices.add(body, member!.id),
  });

  defineRoute(app, {
    ...noticeApi.update,
    access: PERM.noticeUpdate,
    audit: { action: 'notice.update', record: 'memberNotice' },
    tags,
    summary: 'Edit a member notice; moved to another recipient, it is unread again',
    description: RECIPIENT_NOTE,
    handler: ({ body, member }) => notices.update(body, member!.id),
  });

  defineRoute(app, {
    ...noticeApi.delete,
    access: PERM.noticeRemove,
    audit: { action: 'notice.remove', record: 'memberNotice' },
    tags,
    summary: 'Delete a member notice (it leaves every message box at once)',
    handler: ({ body, member }) => notices.remove(body.id, member!.id),
  });

  defineRoute(app, {
    ...noticeApi.recipients,
    // It answers members' e-mail and mobile: for choosing a recipient, which adding a notice (or moving one to another
    // member) is; notice:list alone reads no member's contact details.
    access: PERM.noticeAdd,
    tags,
    summary: 'Recipient picker: up to 20 active members matching part of a name, e-mail or mobile',
    description:
      "Choosing a notice's recipient: it answers members' e-mail addresses and mobile numbers, so it needs notice:add.",
    handler: ({ query }) => notices.recipients(query.keyword),
  });

  defineRoute(app, {
    ...noticeApi.copyRecipients,
    // The copy of a notice to all members goes to every member with an address: as for the picker, reading them
    // needs notice:add, and they come a page at a time.
    access: PERM.noticeAdd,
    tags,
    summary: "The recipients of a notice's e-mail copy, paged in queue order, each with its delivery status and error",
    description:
      "They are members' e-mail addresses, so it needs notice:add (the view's copy is counts only). Filter by " +
      "delivery status; the error is in the caller's language. A notice without a copy has none.",
    handler: ({ query, locale }) => notices.copyRecipients(query, locale),
  });
}
