import { Code, tagApi, type TagCheckResult, type EndpointParams } from '@study-crm/shared';
import { call } from '../../../api/call';
import { crudApi } from '../../../components/crud/crud';

export const TAG_ROOT = 'tags';

export const tagCrud = crudApi(TAG_ROOT, tagApi, Code.TAG_EXISTS);

// Live validation; an unanswered check lets the server decide on save.
export async function checkTag(params: EndpointParams<typeof tagApi.check>): Promise<TagCheckResult> {
  try {
    const env = await call(tagApi.check, params, { apiResCode: [Code.BAD_REQUEST] });
    if (env.meta.code === 200) return env.data;
  } catch {
    // fall through
  }
  return { valueTaken: false, labelTaken: false };
}
