import type { FastifyInstance } from 'fastify';
import { contentApi, merchantApi, PERM } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { ContentService } from './content.service.js';

const tags = ['content'];

export function registerContentRoutes(app: FastifyInstance, content: ContentService): void {
  defineRoute(app, {
    ...contentApi.published,
    access: 'public',
    tags,
    summary: 'Published announcements in their window, for the login page and the dashboard (pinned first)',
    handler: ({ query }) => content.published(query.locale, query.limit),
  });
  defineRoute(app, {
    ...contentApi.list,
    access: PERM.contentList,
    tags,
    summary: 'Every announcement, paged; search the title, filter status',
    handler: ({ query }) => content.list(query),
  });
  defineRoute(app, {
    ...contentApi.add,
    access: PERM.contentAdd,
    tags,
    summary: 'Add an announcement (plain text)',
    handler: ({ body, member }) => content.add(body, member!.id),
  });
  defineRoute(app, {
    ...contentApi.update,
    access: PERM.contentUpdate,
    tags,
    summary: 'Edit an announcement; a stale version is refused (409)',
    handler: ({ body }) => content.update(body),
  });
  defineRoute(app, {
    ...contentApi.remove,
    access: PERM.contentRemove,
    tags,
    summary: 'Remove an announcement',
    handler: ({ body }) => content.remove(body.id),
  });
  defineRoute(app, {
    ...merchantApi.view,
    access: 'public',
    tags,
    summary: 'The merchant record (COM): display names, logo and contact, shown on the login page',
    handler: () => content.merchant(),
  });
  defineRoute(app, {
    ...merchantApi.update,
    access: PERM.merchantUpdate,
    tags,
    summary: 'Edit the merchant record; a stale version is refused (409)',
    handler: ({ body, member }) => content.updateMerchant(body, member!.id),
  });
}
