import type { FastifyInstance } from 'fastify';
import { FOLLOW_UPS_MAX, followUpApi, PERM } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { FollowUpService } from './follow-up.service.js';

const tags = ['followUp'];

export function registerFollowUpRoutes(app: FastifyInstance, followUps: FollowUpService): void {
  defineRoute(app, {
    ...followUpApi.list,
    access: PERM.followList,
    tags,
    summary: "An application's follow-up items with the derived completion ratio (done / all, percent)",
    handler: ({ query }) => followUps.list(query.applicationId),
  });

  defineRoute(app, {
    ...followUpApi.add,
    access: PERM.followAdd,
    audit: { action: 'followUp.add', record: 'followUp' },
    tags,
    summary: 'Add a follow-up item (numbered within the application)',
    description: `An application holds at most ${FOLLOW_UPS_MAX} items: one more is refused with 400 naming applicationId.`,
    handler: ({ body }) => followUps.add(body),
  });

  defineRoute(app, {
    ...followUpApi.update,
    access: PERM.followUpdate,
    audit: { action: 'followUp.update', record: 'followUp' },
    tags,
    summary: 'Edit a follow-up item',
    handler: ({ body }) => followUps.update(body),
  });

  defineRoute(app, {
    ...followUpApi.done,
    access: PERM.followUpdate,
    audit: { action: 'followUp.done', record: 'followUp' },
    tags,
    summary: 'Mark a follow-up item done (isDone=1) or not done (isDone=0)',
    handler: ({ body }) => followUps.setDone(body.id, body.isDone),
  });
}
