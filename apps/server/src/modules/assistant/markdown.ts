// Small helpers for the markdown the assistant writes. Text written by people (titles, names, questions) is escaped
// so it can never turn into markup or a link; the web renders markdown without HTML anyway.
const SPECIAL = /[\\`*_[\]()#+\-!|<>~{}]/g;
export const mdEscape = (text: string) => text.replace(/[\r\n]+/g, ' ').replace(SPECIAL, (c) => `\\${c}`);

// A portal route an answer may link to: an absolute path of this site (no scheme, no host, nothing that ends the
// markdown link early); anything else is not linked.
export const safePath = (path: string | null | undefined): string | null =>
  path && /^\/(?!\/)[^\s()<>\\]*$/.test(path) && path.length <= 300 ? path : null;

export const mdLink = (label: string, path: string) => {
  const safe = safePath(path);
  return safe ? `[${mdEscape(label)}](${safe})` : mdEscape(label);
};

export const bullets = (lines: readonly string[]) => lines.map((l) => `- ${l}`).join('\n');

// Integer minor units as a decimal amount with the currency's digits (two for GBP, none for JPY) and thousands
// separators, exact for every safe integer.
export function formatAmount(minor: number, digits: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const unit = 10 ** digits;
  const whole = Math.floor(abs / unit).toLocaleString('en-US');
  return digits ? `${sign}${whole}.${String(abs % unit).padStart(digits, '0')}` : `${sign}${whole}`;
}

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
