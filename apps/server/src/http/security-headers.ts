import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// The placeholder the web build carries in index.html; each response replaces it with that response's style nonce.
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';
// Where each response's script and style nonces go in the policy's text.
const SCRIPT_NONCE = '__SCRIPT_NONCE__';
const STYLE_NONCE = '__STYLE_NONCE__';

// Browser features the portal never uses.
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), ' +
  'accelerometer=(), gyroscope=(), magnetometer=(), midi=(), display-capture=(), interest-cohort=()';

// The token lives in local storage (spec section 4), so the content security policy is the main defence against
// its theft: scripts only from this origin (no inline script, no eval), styles from this origin or carrying this
// response's nonce (antd's CSS-in-JS gets it through ConfigProvider `csp`), no framing, no plugins, no foreign
// connections, forms and <base> bound to this origin.
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", `'nonce-${SCRIPT_NONCE}'`],
      styleSrc: ["'self'", `'nonce-${STYLE_NONCE}'`],
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
} satisfies HelmetOptions;

// The headers helmet writes for these options, worked out once: @fastify/helmet built helmet's middleware again on
// every request to put that response's nonces in the policy (parsing every directive each time, issue 43). Only the
// two nonces differ from one response to the next; they are put into the policy's text when a page needs them.
function securityHeaders(): { fixed: Record<string, string>; policy: (script: string, style: string) => string } {
  const fixed: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      fixed[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete fixed[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  const { 'content-security-policy': csp, ...rest } = fixed;
  if (!csp?.includes(SCRIPT_NONCE) || !csp.includes(STYLE_NONCE)) throw new Error('helmet wrote no nonce slots');
  const [a, b, c] = csp.split(new RegExp(`${SCRIPT_NONCE}|${STYLE_NONCE}`));
  const scriptFirst = csp.indexOf(SCRIPT_NONCE) < csp.indexOf(STYLE_NONCE);
  // Answers that are not a page (the API's JSON, files, errors) run no inline script or style: their policy is the
  // same without the two nonce sources, so no nonce is drawn for them (decision 206).
  const noNonces = csp.replace(` 'nonce-${SCRIPT_NONCE}'`, '').replace(` 'nonce-${STYLE_NONCE}'`, '');
  if (noNonces.includes('nonce-')) throw new Error('a nonce source stayed in the policy');
  return {
    fixed: { ...rest, 'permissions-policy': PERMISSIONS_POLICY, 'content-security-policy': noNonces },
    policy: (script, style) => (scriptFirst ? `${a}${script}${b}${style}${c}` : `${a}${style}${b}${script}${c}`),
  };
}

const { fixed: FIXED_HEADERS, policy: policyWith } = securityHeaders();

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.decorateReply('cspNonce', null);
  // A callback hook, not an async one: no promise per request for setting headers (issue 43).
  app.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(FIXED_HEADERS);
    done();
  });
}

// This response's nonces, drawn on first use, with the policy that allows them: pages (index.html) only.
function noncesOf(reply: FastifyReply): { script: string; style: string } {
  if (!reply.cspNonce) {
    const nonces = { script: randomBytes(16).toString('hex'), style: randomBytes(16).toString('hex') };
    reply.cspNonce = nonces;
    void reply.header('content-security-policy', policyWith(nonces.script, nonces.style));
  }
  return reply.cspNonce;
}

// index.html with this response's style nonce in its <meta name="csp-nonce">.
export function withNonce(html: string, reply: FastifyReply): string {
  return html.replaceAll(CSP_NONCE_PLACEHOLDER, noncesOf(reply).style);
}

declare module 'fastify' {
  interface FastifyReply {
    // This response's nonces, as @fastify/helmet named them: index.html carries the style nonce (null on answers
    // that are not a page, whose policy allows no nonce).
    cspNonce: { script: string; style: string } | null;
  }
}
