import type { FastifyInstance } from 'fastify';
import { contentApi, MERCHANT_LOGO_MAX_BYTES, merchantApi, PERM } from '@study-crm/shared';
import type { Config } from '../../config.js';
import { readMultipart } from '../../http/multipart.js';
import { defineRoute } from '../../http/route.js';
import { storedFileBody, type FileStorage } from '../files/index.js';
import type { ContentService } from './content.service.js';

const tags = ['content'];

export function registerContentRoutes(
  app: FastifyInstance,
  deps: { content: ContentService; storage: FileStorage; config: Config },
): void {
  const { content, storage, config } = deps;
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
    audit: { action: 'content.add', record: 'contentItem' },
    tags,
    summary: 'Add an announcement (plain text)',
    handler: ({ body, member }) => content.add(body, member!.id),
  });
  defineRoute(app, {
    ...contentApi.update,
    access: PERM.contentUpdate,
    audit: { action: 'content.update', record: 'contentItem' },
    tags,
    summary: 'Edit an announcement; a stale version is refused (409)',
    handler: ({ body }) => content.update(body),
  });
  defineRoute(app, {
    ...contentApi.remove,
    access: PERM.contentRemove,
    audit: { action: 'content.remove', record: 'contentItem' },
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
    audit: { action: 'content.updateMerchant' },
    tags,
    summary: 'Edit the merchant record; a stale version is refused (409)',
    handler: ({ body, member }) => content.updateMerchant(body, member!.id),
  });
  defineRoute(app, {
    ...merchantApi.uploadLogo,
    multipart: {},
    access: PERM.merchantUpdate,
    audit: { action: 'content.uploadLogo' },
    tags,
    summary: 'Upload the logo (multipart field `file`: PNG, JPEG or GIF checked by content, at most 512 KB)',
    handler: async ({ req, member }) => {
      const maxBytes = Math.min(MERCHANT_LOGO_MAX_BYTES, config.uploadMaxBytes);
      const form = await readMultipart(req, { maxBytes, sink: storage.sink });
      try {
        return await content.uploadLogo(form.file, member!.id);
      } finally {
        if (form.file) await storage.discard(form.file);
      }
    },
  });
  defineRoute(app, {
    ...merchantApi.removeLogo,
    access: PERM.merchantUpdate,
    audit: { action: 'content.removeLogo' },
    tags,
    summary: 'Remove the logo (the portal shows its own mark again)',
    handler: ({ member }) => content.removeLogo(member!.id),
  });
  defineRoute(app, {
    ...merchantApi.logo,
    access: 'public',
    tags,
    summary: 'The uploaded logo image (public: the login page shows it; 404 without a logo)',
    handler: async ({ reply }) => {
      return storedFileBody(reply, await content.openLogo());
    },
  });
}
