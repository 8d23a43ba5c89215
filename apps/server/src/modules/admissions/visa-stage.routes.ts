import type { FastifyInstance } from 'fastify';
import { PERM, visaApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { VisaStageService } from './visa-stage.service.js';

const tags = ['admissions'];

export function registerVisaStageRoutes(app: FastifyInstance, service: VisaStageService): void {
  defineRoute(app, {
    ...visaApi.stageList,
    access: PERM.visaStageList,
    tags,
    summary: 'Stages of the Student visa checklist in checklist order (sort, then id)',
    handler: ({ query }) => service.list(query),
  });
  defineRoute(app, {
    ...visaApi.stageAdd,
    access: PERM.visaStageAdd,
    audit: { action: 'visaStage.add', record: 'visaStage' },
    tags,
    summary: 'Add a stage (no rules of its own); fileType is a file_type dictionary value',
    handler: ({ body }) => service.add(body),
  });
  defineRoute(app, {
    ...visaApi.stageUpdate,
    access: PERM.visaStageUpdate,
    audit: { action: 'visaStage.update', record: 'visaStage' },
    tags,
    summary: 'Rename, reorder, change the expected document or disable a stage; a stale version is refused with 409',
    handler: ({ body }) => service.update(body),
  });
  defineRoute(app, {
    ...visaApi.stageRemove,
    access: PERM.visaStageRemove,
    audit: { action: 'visaStage.remove', record: 'visaStage' },
    tags,
    summary: 'Remove an added stage no application has a step in (7942); a built-in one cannot be removed (7943)',
    handler: ({ body }) => service.remove(body.id),
  });
}
