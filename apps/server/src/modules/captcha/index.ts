// Front door of the captcha module: the sign-in picture captcha (drawing lives in lib/captcha-image.ts).
export { createCaptchaRepository } from './captcha.repository.js';
export { registerCaptchaRoutes } from './captcha.routes.js';
export { answersFor, createCaptchaService } from './captcha.service.js';
export type { CaptchaPass, CaptchaService } from './captcha.service.js';
