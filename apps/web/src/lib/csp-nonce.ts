// The server writes a fresh nonce into index.html on every response (and into its Content-Security-Policy header):
// styles injected at run time (the CSS variables of antd's theme) must carry it. Under the Vite dev server the
// placeholder stays.
const PLACEHOLDER = '__CSP_NONCE__';

export function readCspNonce(doc: Document = document): string | undefined {
  const value = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
  return value && value !== PLACEHOLDER ? value : undefined;
}

const nonce = typeof document === 'undefined' ? undefined : readCspNonce();
export const CSP: { nonce?: string } = nonce ? { nonce } : {};
