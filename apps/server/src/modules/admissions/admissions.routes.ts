import type { FastifyInstance } from 'fastify';
import { admissionsApi, PERM } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { AdmissionsService } from './admissions.service.js';

const tags = ['admissions'];

export function registerAdmissionsRoutes(app: FastifyInstance, service: AdmissionsService): void {
  defineRoute(app, {
    ...admissionsApi.list,
    access: PERM.cycleList,
    tags,
    summary: 'Admissions cycles, paged, newest entry year first (order=asc for oldest first)',
    handler: ({ query }) => service.list(query),
  });
  defineRoute(app, {
    ...admissionsApi.options,
    access: PERM.applicationList,
    tags,
    summary: 'Every admissions cycle with its deadlines, for the target-school form',
    handler: () => service.options(),
  });
  defineRoute(app, {
    ...admissionsApi.add,
    access: PERM.cycleAdd,
    audit: { action: 'admissions.add', record: 'admissionsCycle' },
    tags,
    summary: 'Add a cycle; one per entry year (code 7940); deadlines in order early < equal < final',
    handler: ({ body }) => service.add(body),
  });
  defineRoute(app, {
    ...admissionsApi.update,
    access: PERM.cycleUpdate,
    audit: { action: 'admissions.update', record: 'admissionsCycle' },
    tags,
    summary: 'Change a cycle (UCAS moved a date); a stale version is refused with 409',
    handler: ({ body }) => service.update(body),
  });
  defineRoute(app, {
    ...admissionsApi.remove,
    access: PERM.cycleRemove,
    audit: { action: 'admissions.remove', record: 'admissionsCycle' },
    tags,
    summary: 'Remove a cycle no target school names (else code 7941: disable it)',
    handler: ({ body }) => service.remove(body.id),
  });
}
