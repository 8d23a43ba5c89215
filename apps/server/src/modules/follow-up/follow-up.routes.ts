import type { FastifyInstance } from 'fastify';
import {
  ApplicationIdQuery,
  FollowUpAddSchema,
  FollowUpDoneSchema,
  FollowUpListSchema,
  FollowUpSchema,
  FollowUpUpdateSchema,
  PERM,
} from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { FollowUpService } from './follow-up.service.js';

const BASE = '/api/v1/mc/followUp';
const tags = ['followUp'];

export function registerFollowUpRoutes(app: FastifyInstance, followUps: FollowUpService): void {
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/list`,
    access: PERM.followList,
    tags,
    summary: "An application's follow-up items with the derived completion ratio (done / all, percent)",
    query: ApplicationIdQuery,
    response: FollowUpListSchema,
    handler: ({ query }) => followUps.list(query.applicationId),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/add`,
    access: PERM.followAdd,
    tags,
    summary: 'Add a follow-up item (numbered within the application)',
    body: FollowUpAddSchema,
    response: FollowUpSchema,
    handler: ({ body }) => followUps.add(body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/update`,
    access: PERM.followUpdate,
    tags,
    summary: 'Edit a follow-up item',
    body: FollowUpUpdateSchema,
    response: FollowUpSchema,
    handler: ({ body }) => followUps.update(body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/done`,
    access: PERM.followUpdate,
    tags,
    summary: 'Mark a follow-up item done (isDone=1) or not done (isDone=0)',
    body: FollowUpDoneSchema,
    response: FollowUpSchema,
    handler: ({ body }) => followUps.setDone(body.id, body.isDone),
  });
}
