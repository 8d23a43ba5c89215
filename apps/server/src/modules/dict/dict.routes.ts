import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DictAddBody,
  DictEntrySchema,
  DictListQuery,
  DictOptionSchema,
  DictOptionsQuery,
  DictPage,
  DictTypeListQuery,
  DictTypeSummarySchema,
  DictUpdateBody,
  IdParam,
  PERM,
} from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { DictService } from './dict.service.js';

const BASE = '/admin/v1/sys/dict';
const tags = ['dict'];

export function registerDictRoutes(app: FastifyInstance, service: DictService): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/sys/dict/list',
    access: 'signedIn',
    tags,
    summary: 'Enabled options of one dictionary type, in sort order (page size and number are ignored)',
    query: DictOptionsQuery,
    response: z.array(DictOptionSchema),
    handler: ({ query }) => service.options(query.type),
  });
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/typeList`,
    access: PERM.dictList,
    tags,
    summary: 'The distinct dictionary types with their entry counts',
    query: DictTypeListQuery,
    response: z.array(DictTypeSummarySchema),
    handler: ({ query }) => service.typeList(query.keyword),
  });
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/list`,
    access: PERM.dictList,
    tags,
    summary: 'Dictionary entries, paged; filter type and status, search value and names',
    query: DictListQuery,
    response: DictPage,
    handler: ({ query }) => service.list(query),
  });
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/view`,
    access: PERM.dictList,
    tags,
    summary: 'One dictionary entry',
    query: IdParam,
    response: DictEntrySchema,
    handler: ({ query }) => service.view(query.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/add`,
    access: PERM.dictAdd,
    tags,
    summary: 'Add a dictionary entry; (type, value) is unique (code 5411)',
    body: DictAddBody,
    response: DictEntrySchema,
    handler: ({ body }) => service.add(body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/update`,
    access: PERM.dictUpdate,
    tags,
    summary: 'Update a dictionary entry',
    body: DictUpdateBody,
    response: DictEntrySchema,
    handler: ({ body }) => service.update(body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/remove`,
    access: PERM.dictRemove,
    tags,
    summary: 'Remove a dictionary entry',
    body: IdParam,
    response: z.null(),
    handler: ({ body }) => service.remove(body.id),
  });
}
