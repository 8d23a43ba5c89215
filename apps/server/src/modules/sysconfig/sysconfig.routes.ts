import type { FastifyInstance } from 'fastify';
import { PERM, sysconfigApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { SysConfigService } from './sysconfig.service.js';

const tags = ['sysconfig'];

export function registerSysConfigRoutes(app: FastifyInstance, service: SysConfigService): void {
  defineRoute(app, {
    ...sysconfigApi.list,
    access: PERM.configList,
    tags,
    summary: 'Configs, paged; search key/remarks, filter platform and status',
    handler: ({ query }) => service.list(query),
  });
  defineRoute(app, {
    ...sysconfigApi.view,
    access: PERM.configList,
    tags,
    summary: 'One config',
    handler: ({ query }) => service.view(query.id),
  });
  defineRoute(app, {
    ...sysconfigApi.add,
    access: PERM.configAdd,
    audit: { action: 'sysconfig.add', record: 'sysConfig' },
    tags,
    summary: 'Add a config; (key, platform) is unique (code 5410)',
    handler: ({ body }) => service.add(body),
  });
  defineRoute(app, {
    ...sysconfigApi.update,
    access: PERM.configUpdate,
    audit: { action: 'sysconfig.update', record: 'sysConfig' },
    tags,
    summary: 'Update a config; the cached accessor sees it at once',
    handler: ({ body }) => service.update(body),
  });
  defineRoute(app, {
    ...sysconfigApi.remove,
    access: PERM.configRemove,
    audit: { action: 'sysconfig.remove', record: 'sysConfig' },
    tags,
    summary: 'Remove a config',
    handler: ({ body }) => service.remove(body.id),
  });
}
