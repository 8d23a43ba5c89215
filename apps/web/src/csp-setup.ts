import { CSP } from './lib/csp-nonce';

// No 'unsafe-eval': zod must never compile parsers with `new Function`, and it decides when a schema is built, so
// this runs before any other module of the app (main.tsx imports this file first). zod 4 keeps its settings in this
// global, made by whichever comes first, zod or this file: setting it here keeps zod itself off the pages that
// validate nothing (a test holds zod to it: csp-setup.test.ts).
export function disableZodJit(): void {
  const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (g.__zod_globalConfig ??= {}).jitless = true;
}
disableZodJit();

// Imported first by main.tsx. The portal runs under a content security policy without inline styles (and without
// 'unsafe-eval': @study-crm/shared turns zod's compiler off in browsers). antd's theme variables take the nonce from
// ConfigProvider `csp`, but a few helpers of its components (the scrollbar measurement of tables, drawers and
// modals) create <style> elements of their own: every <style> this page's scripts create carries the response's
// nonce. Markup injected as HTML does not pass here, so it stays refused.
const nonce = CSP.nonce;
if (nonce) {
  // The patch replaces the method with all its overloads, the deprecated string-options one included.
  /* eslint-disable @typescript-eslint/no-deprecated */
  const create = Document.prototype.createElement;
  Document.prototype.createElement = function (this: Document, tag: string, options?: ElementCreationOptions) {
    const el = create.call(this, tag, options);
    if (el instanceof HTMLStyleElement) el.nonce = nonce;
    return el;
  } as typeof Document.prototype.createElement;
  /* eslint-enable @typescript-eslint/no-deprecated */
}
