import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MessageBox, MessageBoxQuery, MessageReadAllBody, MessageReadBody } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { InboxService } from './inbox.service.js';

// The navbar message box of the signed-in member (own data only, hence 'signedIn').
export function registerInboxRoutes(app: FastifyInstance, box: InboxService): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/message/box',
    access: 'signedIn',
    tags: ['messagebox'],
    summary: "The signed-in member's messages, notices and to-dos with unread counts",
    query: MessageBoxQuery,
    response: MessageBox,
    handler: ({ member, query }) => box.box(member!.id, query),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/message/box/read',
    access: 'signedIn',
    tags: ['messagebox'],
    summary: 'Marks one item of a tab as read',
    body: MessageReadBody,
    response: z.null(),
    handler: ({ member, body }) => box.read(member!.id, body.tab, body.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/message/box/readAll',
    access: 'signedIn',
    tags: ['messagebox'],
    summary: 'Marks every unread item of a tab as read',
    body: MessageReadAllBody,
    response: z.object({ marked: z.number().int().describe('items newly marked read') }),
    handler: ({ member, body }) => box.readAll(member!.id, body.tab),
  });
}
