import { Code, labelApi } from '@study-crm/shared';
import { crudApi } from '../../../components/crud/crud';

export const LABEL_ROOT = 'labels';

export const labelCrud = crudApi(LABEL_ROOT, labelApi, Code.LABEL_EXISTS, ['member', 'members']);
