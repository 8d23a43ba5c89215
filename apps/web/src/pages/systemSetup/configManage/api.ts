import { Code, sysconfigApi } from '@study-crm/shared';
import { crudApi } from '../../../components/crud/crud';

export const CONFIG_ROOT = 'sysConfigs';

export const configCrud = crudApi(CONFIG_ROOT, sysconfigApi, Code.CONFIG_EXISTS);
