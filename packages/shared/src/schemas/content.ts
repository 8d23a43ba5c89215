import { z } from 'zod';
import { pageOf, zEpochMs, zFlag, zId, zInt, zOptText, zPaging, zText } from '../wire.js';
import { zEmail } from './auth.js';
import { zRowVersion } from './entry.js';

// The portal's own content items (announcements on the login page and the dashboard) and the merchant record
// (issue 21, docs/content.md).
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export const CONTENT_LOCALES = ['all', 'zh-TW', 'zh-CN', 'en-US'] as const;
export const CONTENT_BODY_MAX = 5000;

const zTime = () => zEpochMs().nullish();
const ContentFields = {
  title: zText(200),
  body: zText(CONTENT_BODY_MAX).describe('plain text, shown escaped with its line breaks'),
  locale: z.enum(CONTENT_LOCALES).nullish().describe('the language it is shown in; default all'),
  status: z.enum(CONTENT_STATUSES).nullish().describe('default draft'),
  pinned: zFlag().nullish().describe('1: shown first'),
  publishFrom: zTime().describe('shown from (epoch ms); empty: at once'),
  publishTo: zTime().describe('shown until (epoch ms); empty: no end'),
};
const windowInOrder = (b: { publishFrom?: number | null; publishTo?: number | null }) =>
  !b.publishFrom || !b.publishTo || b.publishFrom < b.publishTo;
const windowOrder = { message: 'v.dateOrder', path: ['publishTo'] };
export const ContentAddBody = z.object(ContentFields).refine(windowInOrder, windowOrder);
export type ContentAddInput = z.output<typeof ContentAddBody>;
export const ContentUpdateBody = z
  .object({ id: zId(), version: zRowVersion(), ...ContentFields })
  .refine(windowInOrder, windowOrder);
export type ContentUpdateInput = z.output<typeof ContentUpdateBody>;
export const ContentListQuery = zPaging.extend({
  keyword: zOptText(100).describe('part of the title'),
  status: z.enum(CONTENT_STATUSES).nullish(),
});
export type ContentListInput = z.output<typeof ContentListQuery>;
export const PublishedContentQuery = z.object({
  locale: z.enum(['zh-TW', 'zh-CN', 'en-US']).nullish().describe("the reader's language: items for it and for all"),
  limit: zInt().pipe(z.number().min(1).max(20)).nullish().describe('how many, default 5'),
});
export const ContentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  locale: z.enum(CONTENT_LOCALES),
  status: z.enum(CONTENT_STATUSES),
  pinned: z.number().int(),
  publishFrom: z.number().int().nullable(),
  publishTo: z.number().int().nullable(),
  version: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type ContentItem = z.infer<typeof ContentSchema>;
export const ContentPage = pageOf(ContentSchema);
export const PublishedContentSchema = ContentSchema.pick({
  id: true,
  title: true,
  body: true,
  pinned: true,
  createdAt: true,
});
export type PublishedContent = z.infer<typeof PublishedContentSchema>;

// ---------- the merchant record (COM) ----------
export const MerchantSchema = z.object({
  code: z.string().describe('merchant id, COM (spec section 9)'),
  nameTw: z.string(),
  nameCn: z.string(),
  nameEn: z.string(),
  logo: z
    .string()
    .nullable()
    .describe('where the uploaded logo is served (public, changes with each upload); null without a logo'),
  contactEmail: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.number().int(),
});
export type Merchant = z.infer<typeof MerchantSchema>;
export const MerchantUpdateBody = z.object({
  version: zRowVersion(),
  nameTw: zText(100),
  nameCn: zText(100),
  nameEn: zText(100),
  contactEmail: zEmail().nullish(),
});
export type MerchantUpdateInput = z.output<typeof MerchantUpdateBody>;

// The logo image (PNG, JPEG or GIF checked by content), at most this size.
export const MERCHANT_LOGO_MAX_BYTES = 512 * 1024;
export const MerchantLogoQuery = z.object({ v: zOptText(16).describe('cache key of the current logo (ignored)') });
