import { z } from 'zod';
import { zInt, zOptText, zText } from '../wire.js';
import { zColor, zStatus } from './common-status.js';

// Dictionary entries and tags share one shape: type, key/value, Chinese and English names, description, sort,
// status and colour. These builders keep the two schemas from drifting; each keeps its own descriptions.

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
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  });
