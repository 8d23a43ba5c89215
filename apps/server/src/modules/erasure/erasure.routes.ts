import type { FastifyInstance } from 'fastify';
import { erasureApi, PERM } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { ErasureService } from './erasure.service.js';

const tags = ['privacy'];

export function registerErasureRoutes(app: FastifyInstance, service: ErasureService): void {
  defineRoute(app, {
    ...erasureApi.plan,
    access: PERM.privacyErase,
    tags,
    summary: "Dry run of erasing a person's data: what each module erases, anonymises or keeps and why; writes nothing",
    handler: ({ query, member }) => service.plan(query.id, member!),
  });
  defineRoute(app, {
    ...erasureApi.erase,
    access: PERM.privacyErase,
    // The entry names the erased_person row it adds (member id and pseudonym), never an erased value.
    audit: { action: 'erasure.erase', record: 'erasedPerson' },
    tags,
    summary:
      "Erase a person's personal data in one transaction; refused (400 naming id) while they hold an open " +
      'application or an unconfirmed payment; 7960 when already erased; 7954 for a staff member holding a permission ' +
      'the caller lacks',
    handler: ({ body, member }) => service.erase(body.id, member!),
  });
}
