import { getCall, postCall } from '../endpoint.js';
import { ErasurePlanSchema, ErasureResultSchema } from '../schemas/erasure.js';
import { IdParam } from '../wire.js';

// Erasure of a person's personal data (issue 41): the dry run, then the erasure; `id` is the person's member id.
export const erasureApi = {
  plan: getCall('/admin/v1/sys/privacy/erasure/plan', IdParam, ErasurePlanSchema),
  erase: postCall('/admin/v1/sys/privacy/erasure/erase', IdParam, ErasureResultSchema),
};
