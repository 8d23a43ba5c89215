import { removedRows } from '../../db/personal-data.js';

// The labels put on an erased person go with them.
export const labelPersonalData = removedRows('label', ['memberLabel']);
