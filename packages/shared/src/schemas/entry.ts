import { z } from 'zod';
import { zId, zInt, zOptText, zPaging, zText } from '../wire.js';
import { zColor, zStatus } from './common-status.js';

// Dictionary entries and tags share one shape: type, key/value, Chinese and English names, description, sort,
// status and colour. These builders keep the two schemas from drifting; each keeps its own descriptions.

// Optimistic version of an editable row: read with the row, sent back with its update; a stale one is refused
// with code 409 (someone saved the row in between). Optional for callers that do not track it.
export const zRowVersion = () =>
  zInt().nullish().describe('the version read with the row; a stale one is refused with code 409');

// An editable row's update body: the fields of its add body, then the row's id and the version read with it.
export const updateBodyOf = <T extends z.ZodRawShape>(fields: z.ZodObject<T>) =>
  fields.extend({ id: zId(), version: zRowVersion() });

export const zSort = () =>
  zInt().pipe(z.number().min(-100000).max(100000)).nullish().describe('smaller first, default 0');

const described = <T extends z.ZodType>(schema: T, description?: string): T =>
  description ? schema.describe(description) : schema;

// The add/update body fields.
export const entryFields = <T extends z.ZodType>(type: T, d: { value: string; label: string; label2: string }) =>
  z.object({
    type,
    value: zText(100).describe(d.value),
    label: zText(100).describe(d.label),
    label2: zOptText(100).describe(d.label2),
    description: zOptText(500),
    sort: zSort(),
    status: zStatus().nullish().describe('default enabled'),
    color: zColor(),
  });

// The list's query: one type, the status, and a keyword matched against the value and both names.
export const entryListQuery = <T extends z.ZodType>(type: T, keyword: string) =>
  zPaging.extend({ type, status: zStatus().nullish(), keyword: zOptText(100).describe(keyword) });

// The response row.
export const entrySchema = (d: { label?: string; label2?: string } = {}) =>
  z.object({
    id: z.number().int(),
    type: z.string(),
    value: z.string(),
    label: described(z.string(), d.label),
    label2: described(z.string().nullable(), d.label2),
    description: z.string().nullable(),
    sort: z.number().int(),
    status: zStatus(),
    color: z.string().nullable(),
    version: z.number().int().describe('optimistic version, sent back with an update'),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  });
