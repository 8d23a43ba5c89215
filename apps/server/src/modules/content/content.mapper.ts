import type { ContentItem, Merchant, PublishedContent } from '@study-crm/shared';
import type { ContentRow, MerchantRow } from './content.repository.js';

const ms = (v: number | string | null) => (v === null ? null : Number(v));

export const toContent = (r: ContentRow): ContentItem => ({
  id: r.id,
  title: r.title,
  body: r.body,
  locale: r.locale,
  status: r.status,
  pinned: r.pinned,
  publishFrom: ms(r.publishFrom),
  publishTo: ms(r.publishTo),
  version: r.version,
  createdAt: Number(r.createdAt),
  updatedAt: Number(r.updatedAt),
});

export const toPublished = (r: ContentRow): PublishedContent => ({
  id: r.id,
  title: r.title,
  body: r.body,
  pinned: r.pinned,
  createdAt: Number(r.createdAt),
});

// Where the logo is served; `v` changes with each upload so caches refresh.
export const logoPath = (storedName: string) => `/api/v1/merchants/logoImg?v=${storedName.slice(7, 15)}`;

export const toMerchant = (r: MerchantRow): Merchant => ({
  code: r.code,
  nameTw: r.nameTw,
  nameCn: r.nameCn,
  nameEn: r.nameEn,
  logo: r.logoFile ? logoPath(r.logoFile) : null,
  contactEmail: r.contactEmail,
  version: r.version,
  updatedAt: Number(r.updatedAt),
});
