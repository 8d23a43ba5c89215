import { MERCHANT_ID } from '@study-crm/shared';

// Client identity sent with every call (spec sections 7 and 9). Overridable at build time.
export const APP_ID: string = import.meta.env.VITE_APP_ID ?? 'student-admin';
export const MC_ID: string = import.meta.env.VITE_MC_ID ?? MERCHANT_ID;
export const CLIENT_SIGN: string = import.meta.env.VITE_CLIENT_SIGN ?? 'sadmin-web-2026';
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';
// Spec section 9: no HTTP timeout by default.
export const HTTP_TIMEOUT_MS = 0;
