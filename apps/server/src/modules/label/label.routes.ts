import type { FastifyInstance } from 'fastify';
import { labelApi, PERM } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { LabelService } from './label.service.js';

const tags = ['label'];

export function registerLabelRoutes(app: FastifyInstance, service: LabelService): void {
  defineRoute(app, {
    ...labelApi.list,
    access: PERM.labelList,
    tags,
    summary: 'Member labels, paged; search name/description, filter status',
    handler: ({ query }) => service.list(query),
  });
  defineRoute(app, {
    ...labelApi.view,
    access: PERM.labelList,
    tags,
    summary: 'One label',
    handler: ({ query }) => service.view(query.id),
  });
  defineRoute(app, {
    ...labelApi.add,
    access: PERM.labelAdd,
    audit: { action: 'label.add', record: 'label' },
    tags,
    summary: 'Add a label; the name is unique (code 5413)',
    handler: ({ body }) => service.add(body),
  });
  defineRoute(app, {
    ...labelApi.update,
    access: PERM.labelUpdate,
    audit: { action: 'label.update', record: 'label' },
    tags,
    summary: 'Update a label',
    handler: ({ body }) => service.update(body),
  });
  defineRoute(app, {
    ...labelApi.remove,
    access: PERM.labelRemove,
    audit: { action: 'label.remove', record: 'label' },
    tags,
    summary: 'Remove a label (and detach it from every member)',
    handler: ({ body }) => service.remove(body.id),
  });
  defineRoute(app, {
    ...labelApi.assign,
    access: PERM.labelUpdate,
    audit: { action: 'label.assign', record: 'member', idField: 'userId' },
    tags,
    summary: "Set a member's labels to exactly these (empty clears them)",
    handler: ({ body }) => service.assign(body.userId, body.labelIds ?? []),
  });
  defineRoute(app, {
    ...labelApi.labelList,
    access: PERM.labelList,
    tags,
    summary: "A member's labels",
    handler: ({ query, member }) => service.ofMember(query.userId ?? member!.id),
  });
}
