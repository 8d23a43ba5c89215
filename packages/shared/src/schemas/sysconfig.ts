import { z } from 'zod';
import { pageOf, zOptText, zPaging, zText } from '../wire.js';
import { updateBodyOf } from './entry.js';
import { zStatus } from './common-status.js';

export const CONFIG_VALUE_MAX = 4000;

export const SysConfigFields = z.object({
  key: zText(100)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'v.format')
    .describe('config key: letters, digits, _ . : -'),
  platform: zText(32).describe('platform the value applies to, e.g. WEB'),
  prodValue: zOptText(CONFIG_VALUE_MAX).describe('value used in the production environment'),
  testValue: zOptText(CONFIG_VALUE_MAX).describe('value used in the testing environment'),
  remarks: zOptText(500),
  status: zStatus().nullish().describe('default enabled'),
});
export const SysConfigAddBody = SysConfigFields;
export type SysConfigAddBody = z.infer<typeof SysConfigAddBody>;
export const SysConfigUpdateBody = updateBodyOf(SysConfigFields);
export type SysConfigUpdateBody = z.infer<typeof SysConfigUpdateBody>;

export const SysConfigSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  platform: z.string(),
  prodValue: z.string().nullable(),
  testValue: z.string().nullable(),
  remarks: z.string().nullable(),
  status: zStatus(),
  version: z.number().int().describe('optimistic version, sent back with an update'),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type SysConfig = z.infer<typeof SysConfigSchema>;

export const SysConfigListQuery = zPaging.extend({
  keyword: zOptText(100).describe('substring of key or remarks'),
  platform: zOptText(32),
  status: zStatus().nullish(),
});
export type SysConfigListQuery = z.infer<typeof SysConfigListQuery>;
export const SysConfigPage = pageOf(SysConfigSchema);
