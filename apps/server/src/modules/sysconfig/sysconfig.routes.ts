import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IdParam,
  PERM,
  SysConfigAddBody,
  SysConfigListQuery,
  SysConfigPage,
  SysConfigSchema,
  SysConfigUpdateBody,
} from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { SysConfigService } from './sysconfig.service.js';

const BASE = '/admin/v1/sys/sysConfigs';
const tags = ['sysconfig'];

export function registerSysConfigRoutes(app: FastifyInstance, service: SysConfigService): void {
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/list`,
    access: PERM.configList,
    tags,
    summary: 'Configs, paged; search key/remarks, filter platform and status',
    query: SysConfigListQuery,
    response: SysConfigPage,
    handler: ({ query }) => service.list(query),
  });
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/view`,
    access: PERM.configList,
    tags,
    summary: 'One config',
    query: IdParam,
    response: SysConfigSchema,
    handler: ({ query }) => service.view(query.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/add`,
    access: PERM.configAdd,
    tags,
    summary: 'Add a config; (key, platform) is unique (code 5410)',
    body: SysConfigAddBody,
    response: SysConfigSchema,
    handler: ({ body }) => service.add(body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/update`,
    access: PERM.configUpdate,
    tags,
    summary: 'Update a config; the cached accessor sees it at once',
    body: SysConfigUpdateBody,
    response: SysConfigSchema,
    handler: ({ body }) => service.update(body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/remove`,
    access: PERM.configRemove,
    tags,
    summary: 'Remove a config',
    body: IdParam,
    response: z.null(),
    handler: ({ body }) => service.remove(body.id),
  });
}
