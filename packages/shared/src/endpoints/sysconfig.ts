import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import {
  SysConfigAddBody,
  SysConfigListQuery,
  SysConfigPage,
  SysConfigSchema,
  SysConfigUpdateBody,
} from '../schemas/sysconfig.js';
import { IdParam } from '../wire.js';

// The calls of the sysconfig module (spec section 7).
export const sysconfigApi = {
  list: getCall('/admin/v1/sys/sysConfigs/list', SysConfigListQuery, SysConfigPage),
  view: getCall('/admin/v1/sys/sysConfigs/view', IdParam, SysConfigSchema),
  add: postCall('/admin/v1/sys/sysConfigs/add', SysConfigAddBody, SysConfigSchema),
  update: postCall('/admin/v1/sys/sysConfigs/update', SysConfigUpdateBody, SysConfigSchema),
  remove: postCall('/admin/v1/sys/sysConfigs/remove', IdParam, z.null()),
};
