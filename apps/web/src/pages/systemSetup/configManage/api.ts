import { Code, type SysConfig } from '@study-crm/shared';
import { crudApi } from '../../../components/crud/crud';

export const CONFIG_ROOT = 'sysConfigs';

export const configApi = crudApi<SysConfig>(CONFIG_ROOT, '/admin/v1/sys/sysConfigs', Code.CONFIG_EXISTS);
