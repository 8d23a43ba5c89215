import type { FastifyInstance } from 'fastify';
import { dictApi, PERM } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { DictService } from './dict.service.js';

const tags = ['dict'];

export function registerDictRoutes(app: FastifyInstance, service: DictService): void {
  defineRoute(app, {
    ...dictApi.options,
    access: 'signedIn',
    tags,
    summary: 'Enabled options of one dictionary type, in sort order (page size and number are ignored)',
    handler: ({ query }) => service.options(query.type),
  });
  defineRoute(app, {
    ...dictApi.typeList,
    access: PERM.dictList,
    tags,
    summary: 'The distinct dictionary types with their entry counts',
    handler: ({ query }) => service.typeList(query.keyword),
  });
  defineRoute(app, {
    ...dictApi.list,
    access: PERM.dictList,
    tags,
    summary: 'Dictionary entries, paged; filter type and status, search value and names',
    handler: ({ query }) => service.list(query),
  });
  defineRoute(app, {
    ...dictApi.view,
    access: PERM.dictList,
    tags,
    summary: 'One dictionary entry',
    handler: ({ query }) => service.view(query.id),
  });
  defineRoute(app, {
    ...dictApi.add,
    access: PERM.dictAdd,
    audit: { action: 'dict.add', record: 'dictEntry' },
    tags,
    summary: 'Add a dictionary entry; (type, value) is unique (code 5411)',
    handler: ({ body }) => service.add(body),
  });
  defineRoute(app, {
    ...dictApi.update,
    access: PERM.dictUpdate,
    audit: { action: 'dict.update', record: 'dictEntry' },
    tags,
    summary: 'Update a dictionary entry',
    handler: ({ body }) => service.update(body),
  });
  defineRoute(app, {
    ...dictApi.remove,
    access: PERM.dictRemove,
    audit: { action: 'dict.remove', record: 'dictEntry' },
    tags,
    summary: 'Remove a dictionary entry',
    handler: ({ body }) => service.remove(body.id),
  });
}
