import { z } from 'zod';

// Enabled/disabled: the status of dictionary entries, tags, configs and labels (spec section 4).
export const RECORD_STATUSES = ['enabled', 'disabled'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const zStatus = () => z.enum(RECORD_STATUSES);

// A hex colour as antd's ColorPicker produces it: #RRGGBB or #RRGGBBAA.
export const zColor = () =>
  z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/, 'v.format')
    .nullish()
    .describe('hex colour, #RRGGBB or #RRGGBBAA');
