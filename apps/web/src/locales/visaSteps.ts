import { VISA_STAGE_NAMES } from '@study-crm/shared';

// The Student visa checklist's steps by kind (issue 40), as the record's checklist and the visa stages screen name them;
// kept in the shared package, where the stages' export reads them too.
export const visaStepNames = VISA_STAGE_NAMES;
