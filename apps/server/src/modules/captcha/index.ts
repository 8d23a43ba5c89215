// Front door of the captcha module: the sign-in picture captcha (drawing lives in lib/captcha-image.ts).
export { createCaptchaRepository } from './captcha.repository.js';
export { registerCaptchaRoutes } from './captcha.routes.js';
export { answersFor, createCaptchaService } from './captcha.service.js';
export type { CaptchaPass, CaptchaService } from './captcha.service.js';
// Expired captchas and passed per-address windows, swept every ten minutes (not by the picture request).
export { purgeSpentCaptchas, scheduleCaptchaSweep } from './retention.repository.js';
