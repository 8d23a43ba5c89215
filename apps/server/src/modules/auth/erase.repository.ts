import { removedRows } from '../../db/personal-data.js';

// An erased person's sessions (addresses and browsers they signed in from) go.
export const authPersonalData = removedRows('auth', ['session']);
