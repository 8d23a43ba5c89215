import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IdParam,
  LabelAddBody,
  LabelAssignBody,
  LabelListQuery,
  LabelPage,
  LabelSchema,
  LabelUpdateBody,
  MemberLabelSchema,
  MemberLabelsQuery,
  PERM,
} from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { LabelService } from './label.service.js';

const BASE = '/api/v1/mc/labels';
const tags = ['label'];

export function registerLabelRoutes(app: FastifyInstance, service: LabelService): void {
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/list`,
    access: PERM.labelList,
    tags,
    summary: 'Member labels, paged; search name/description, filter status',
    query: LabelListQuery,
    response: LabelPage,
    handler: ({ query }) => service.list(query),
  });
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/view`,
    access: PERM.labelList,
    tags,
    summary: 'One label',
    query: IdParam,
    response: LabelSchema,
    handler: ({ query }) => service.view(query.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/add`,
    access: PERM.labelAdd,
    tags,
    summary: 'Add a label; the name is unique (code 5413)',
    body: LabelAddBody,
    response: LabelSchema,
    handler: ({ body }) => service.add(body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/update`,
    access: PERM.labelUpdate,
    tags,
    summary: 'Update a label',
    body: LabelUpdateBody,
    response: LabelSchema,
    handler: ({ body }) => service.update(body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/remove`,
    access: PERM.labelRemove,
    tags,
    summary: 'Remove a label (and detach it from every member)',
    body: IdParam,
    response: z.null(),
    handler: ({ body }) => service.remove(body.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/assign`,
    access: PERM.labelUpdate,
    tags,
    summary: "Set a member's labels to exactly these (empty clears them)",
    body: LabelAssignBody,
    response: z.array(MemberLabelSchema),
    handler: ({ body }) => service.assign(body.userId, body.labelIds ?? []),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/member/labelList',
    access: PERM.labelList,
    tags,
    summary: "A member's labels",
    query: MemberLabelsQuery,
    response: z.array(MemberLabelSchema),
    handler: ({ query, member }) => service.ofMember(query.userId ?? member!.id),
  });
}
