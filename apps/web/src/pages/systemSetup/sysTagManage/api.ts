import { Code, type Tag, type TagCheckResult } from '@study-crm/shared';
import { api, type Params } from '../../../api/client';
import { crudApi } from '../../../components/crud/crud';

export const TAG_ROOT = 'tags';
const BASE = '/admin/v1/tags';

export const tagApi = crudApi<Tag>(TAG_ROOT, BASE, Code.TAG_EXISTS);

// Live validation; an unanswered check lets the server decide on save.
export async function checkTag(params: Params): Promise<TagCheckResult> {
  try {
    const env = await api.get<TagCheckResult>(`${BASE}/check`, params, { apiResCode: [400] });
    if (env.meta.code === 200) return env.data;
  } catch {
    // fall through
  }
  return { valueTaken: false, labelTaken: false };
}
