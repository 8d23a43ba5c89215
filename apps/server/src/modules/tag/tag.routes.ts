import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IdParam,
  PERM,
  TagAddBody,
  TagCheckQuery,
  TagCheckResult,
  TagListQuery,
  TagOptionSchema,
  TagPage,
  TagSchema,
  TagSearchQuery,
  TagUpdateBody,
} from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { TagService } from './tag.service.js';

const BASE = '/admin/v1/tags';
const tags = ['tag'];

export function registerTagRoutes(app: FastifyInstance, service: TagService): void {
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/list`,
    access: PERM.tagList,
    tags,
    summary: 'Tags, paged; filter type and status, search key and names',
    query: TagListQuery,
    response: TagPage,
    handler: ({ query }) => service.list(query),
  });
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/view`,
    access: PERM.tagList,
    tags,
    summary: 'One tag',
    query: IdParam,
    response: TagSchema,
    handler: ({ query }) => service.view(query.id),
  });
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/check`,
    access: PERM.tagList,
    tags,
    summary: 'Live validation: whether the key or Chinese tag is already used in the type',
    query: TagCheckQuery,
    response: TagCheckResult,
    handler: ({ query }) => service.check(query.type, query.value, query.label, query.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/add`,
    access: PERM.tagAdd,
    tags,
    summary: 'Add a tag; key and Chinese tag are unique within the type (code 5412)',
    body: TagAddBody,
    response: TagSchema,
    handler: ({ body }) => service.add(body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/update`,
    access: PERM.tagUpdate,
    tags,
    summary: 'Update a tag',
    body: TagUpdateBody,
    response: TagSchema,
    handler: ({ body }) => service.update(body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/remove`,
    access: PERM.tagRemove,
    tags,
    summary: 'Remove a tag',
    body: IdParam,
    response: z.null(),
    handler: ({ body }) => service.remove(body.id),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/tags/search',
    access: PERM.tagList,
    tags,
    summary: 'Picker search: enabled tags matching q (prefix matches first), at most 20 by default',
    query: TagSearchQuery,
    response: z.array(TagOptionSchema),
    handler: ({ query }) => service.search(query.q, query.type, query.limit),
  });
}
