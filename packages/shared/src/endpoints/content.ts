import { z } from 'zod';
import { getCall, postCall, publicCall, rawCall } from '../endpoint.js';
import {
  ContentAddBody,
  ContentListQuery,
  ContentPage,
  ContentSchema,
  ContentUpdateBody,
  MerchantLogoQuery,
  MerchantSchema,
  MerchantUpdateBody,
  PublishedContentQuery,
  PublishedContentSchema,
} from '../schemas/content.js';
import { IdParam } from '../wire.js';

// Content items (spec section 7: GET /api/v1/content/contents/ reads the published ones) and the merchant
// (GET /api/v1/merchants/).
export const contentApi = {
  published: publicCall(getCall('/api/v1/content/contents/', PublishedContentQuery, z.array(PublishedContentSchema))),
  list: getCall('/api/v1/content/contents/list', ContentListQuery, ContentPage),
  add: postCall('/api/v1/content/contents/add', ContentAddBody, ContentSchema),
  update: postCall('/api/v1/content/contents/update', ContentUpdateBody, ContentSchema),
  remove: postCall('/api/v1/content/contents/remove', IdParam, z.null()),
};

export const merchantApi = {
  view: publicCall(getCall('/api/v1/merchants/', undefined, MerchantSchema)),
  update: postCall('/api/v1/merchants/update', MerchantUpdateBody, MerchantSchema),
  // The logo: uploaded (multipart field `file`), removed, and served publicly (the login page shows it).
  uploadLogo: postCall('/api/v1/merchants/logo', undefined, MerchantSchema),
  removeLogo: postCall('/api/v1/merchants/logo/remove', undefined, MerchantSchema),
  logo: publicCall(rawCall('/api/v1/merchants/logoImg', MerchantLogoQuery, 'image/*')),
};
