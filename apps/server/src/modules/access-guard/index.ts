export { createAccessGuard, type AccessGuard, type Actor } from './access-guard.js';
