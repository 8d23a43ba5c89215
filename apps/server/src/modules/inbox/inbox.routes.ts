import type { FastifyInstance } from 'fastify';
import { inboxApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { InboxService } from './inbox.service.js';

// The navbar message box of the signed-in member (own data only, hence 'signedIn').
export function registerInboxRoutes(app: FastifyInstance, box: InboxService): void {
  defineRoute(app, {
    ...inboxApi.list,
    access: 'signedIn',
    tags: ['messagebox'],
    summary: "The signed-in member's messages, notices and to-dos with unread counts",
    handler: ({ member, query }) => box.box(member!.id, query),
  });

  defineRoute(app, {
    ...inboxApi.read,
    access: 'signedIn',
    audit: { action: 'inbox.read' },
    tags: ['messagebox'],
    summary: 'Marks one item of a tab as read',
    handler: ({ member, body }) => box.read(member!.id, body.tab, body.id),
  });

  defineRoute(app, {
    ...inboxApi.readAll,
    access: 'signedIn',
    audit: { action: 'inbox.readAll' },
    tags: ['messagebox'],
    summary: 'Marks every unread item of a tab as read',
    handler: ({ member, body }) => box.readAll(member!.id, body.tab),
  });
}
