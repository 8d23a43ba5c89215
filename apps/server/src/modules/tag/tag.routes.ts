import type { FastifyInstance } from 'fastify';
import { PERM, tagApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { TagService } from './tag.service.js';

const tags = ['tag'];

export function registerTagRoutes(app: FastifyInstance, service: TagService): void {
  defineRoute(app, {
    ...tagApi.list,
    access: PERM.tagList,
    tags,
    summary: 'Tags, paged; filter type and status, search key and names',
    handler: ({ query }) => service.list(query),
  });
  defineRoute(app, {
    ...tagApi.view,
    access: PERM.tagList,
    tags,
    summary: 'One tag',
    handler: ({ query }) => service.view(query.id),
  });
  defineRoute(app, {
    ...tagApi.check,
    access: PERM.tagList,
    tags,
    summary: 'Live validation: whether the key or Chinese tag is already used in the type',
    handler: ({ query }) => service.check(query.type, query.value, query.label, query.id),
  });
  defineRoute(app, {
    ...tagApi.add,
    access: PERM.tagAdd,
    audit: { action: 'tag.add', record: 'tag' },
    tags,
    summary: 'Add a tag; key and Chinese tag are unique within the type (code 5412)',
    handler: ({ body }) => service.add(body),
  });
  defineRoute(app, {
    ...tagApi.update,
    access: PERM.tagUpdate,
    audit: { action: 'tag.update', record: 'tag' },
    tags,
    summary: 'Update a tag',
    handler: ({ body }) => service.update(body),
  });
  defineRoute(app, {
    ...tagApi.remove,
    access: PERM.tagRemove,
    audit: { action: 'tag.remove', record: 'tag' },
    tags,
    summary: 'Remove a tag',
    handler: ({ body }) => service.remove(body.id),
  });
  defineRoute(app, {
    ...tagApi.search,
    access: PERM.tagList,
    tags,
    summary: 'Picker search: enabled tags matching q (prefix matches first), at most 20 by default',
    handler: ({ query }) => service.search(query.q, query.type, query.limit),
  });
}
