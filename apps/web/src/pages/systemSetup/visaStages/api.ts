import { Code, visaApi } from '@study-crm/shared';
import { crudApi } from '../../../components/crud/crud';

export const VISA_STAGE_ROOT = 'visaStages';

// The application record's visa checklist reads this root too, so a change here shows there at once.
export const visaStageCrud = crudApi(
  VISA_STAGE_ROOT,
  { list: visaApi.stageList, add: visaApi.stageAdd, update: visaApi.stageUpdate, remove: visaApi.stageRemove },
  Code.VISA_STAGE_IN_USE,
);
