import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';

// The placeholder the web build carries in index.html; each response replaces it with that response's style nonce.
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

// Browser features the portal never uses.
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), ' +
  'accelerometer=(), gyroscope=(), magnetometer=(), midi=(), display-capture=(), interest-cohort=()';

// The token lives in local storage (spec section 4), so the content security policy is the main defence against
// its theft: scripts only from this origin (no inline script, no eval), styles from this origin or carrying this
// response's nonce (antd's CSS-in-JS gets it through ConfigProvider `csp`), no framing, no plugins, no foreign
// connections, forms and <base> bound to this origin.
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // blob: URLs the portal made itself (file previews opened in a new tab inherit this policy).
        connectSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        frameSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Downloads and previews are opened from the portal itself; other sites may not embed them.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // HTTPS is the reverse proxy's job; HSTS is sent so browsers keep to it once they saw it over HTTPS.
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
  });
  app.addHook('onRequest', async (_req, reply) => {
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}

// index.html with this response's style nonce in its <meta name="csp-nonce">.
export function withNonce(html: string, reply: FastifyReply): string {
  return html.replaceAll(CSP_NONCE_PLACEHOLDER, reply.cspNonce?.style ?? '');
}
