import { removedRows } from '../../db/personal-data.js';

// An erased person's second factor and recovery codes go.
export const twoFactorPersonalData = removedRows('twoFactor', ['memberTwoFactor', 'memberRecoveryCode']);
