// What the editor's link dialog makes of the address typed (undefined: not an address it links). A web address
// or an e-mail address, written with its scheme or without: `www.gov.uk` and `ucas.com/apply` become https
// links, `amy@example.com` a mailto link. Any other scheme (javascript:, data:, file:, …), white space or a control
// character is refused, so a link in an e-mail only ever opens a web page or writes a message.
const ALLOWED = /^(?:https?:\/\/[^\s/]|mailto:[^\s@]+@[^\s@]+$)/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
const HOST_FIRST = /^[^\s/@:]+\.[^\s/@:.]{2,}(?:[/?#]\S*)?$/;

export function linkHref(typed: string): string | undefined {
  const v = typed.trim();
  // eslint-disable-next-line no-control-regex
  if (!v || /[\s\u0000-\u001f\u007f]/.test(v)) return undefined;
  if (ALLOWED.test(v)) return v;
  if (SCHEME.test(v) && !EMAIL.test(v)) return undefined;
  if (EMAIL.test(v)) return `mailto:${v}`;
  if (HOST_FIRST.test(v)) return `https://${v}`;
  return undefined;
}
