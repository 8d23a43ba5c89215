import { admissionsApi, Code } from '@study-crm/shared';
import { crudApi } from '../../../components/crud/crud';

export const CYCLE_ROOT = 'admissionsCycles';

// The application form's cycle select reads the same root, so a change here shows there at once.
export const cycleCrud = crudApi(CYCLE_ROOT, admissionsApi, Code.CYCLE_EXISTS);
