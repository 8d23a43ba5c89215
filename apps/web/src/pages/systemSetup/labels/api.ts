import { Code, type Label } from '@study-crm/shared';
import { crudApi } from '../../../components/crud/crud';

export const LABEL_ROOT = 'labels';

export const labelApi = crudApi<Label>(LABEL_ROOT, '/api/v1/mc/labels', Code.LABEL_EXISTS, ['member', 'members']);
