import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const FRAME_MAX_BYTES = 512 * 1024;
const FETCH_TIMEOUT_MS = 5000;

// Loopback, private, link-local, carrier-grade NAT, unique-local, multicast and unspecified ranges.
const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const [hi, lo] = [parseInt(hexMapped[1]!, 16), parseInt(hexMapped[2]!, 16)];
    return isPrivateAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type FrameFetchOutcome = { html: string } | { problem: 'v.frameHost' | 'v.frameFetch' | 'v.nul' };

class PrivateAddressError extends Error {}

// DNS lookup for the request itself: the address connected to is the one checked (no rebinding in between).
const lookupRefusing =
  (isBlocked: (address: string) => boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      const bad = !list.length || list.some((a) => isBlocked(a.address));
      if (bad) return callback(new PrivateAddressError(hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

function get(url: URL, isBlocked: (address: string) => boolean): Promise<FrameFetchOutcome> {
  return new Promise((resolve) => {
    const request = (url.protocol === 'https:' ? https : http).get(
      url,
      { lookup: lookupRefusing(isBlocked), timeout: FETCH_TIMEOUT_MS, headers: { accept: 'text/html' } },
      (res) => {
        // Redirects are not followed: the address that was allowed is the one fetched.
        if (res.statusCode !== 200) {
          res.resume();
          return resolve({ problem: 'v.frameFetch' });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > FRAME_MAX_BYTES) {
            request.destroy();
            resolve({ problem: 'v.frameFetch' });
          } else chunks.push(chunk);
        });
        res.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8');
          // A page holding a NUL is refused as a form's text is (http/route.ts): PostgreSQL refuses it in text and
          // SQLite cuts the text there, and the page passed none of the request's checks.
          resolve(html.includes('\u0000') ? { problem: 'v.nul' } : { html });
        });
        res.on('error', () => resolve({ problem: 'v.frameFetch' }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (err) =>
      resolve({ problem: err instanceof PrivateAddressError ? 'v.frameHost' : 'v.frameFetch' }),
    );
  });
}

// Fetches a template's HTML frame once, when the template is saved: http(s) only, the host on the allow list,
// every address it resolves to public, no redirects, a size and time limit, no NUL.
// `isBlocked` is replaced only by tests, to fetch from a local server.
export async function fetchFrame(
  url: string,
  allowedHosts: string[],
  isBlocked: (address: string) => boolean = isPrivateAddress,
): Promise<FrameFetchOutcome> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { problem: 'v.frameHost' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { problem: 'v.frameHost' };
  if (parsed.username || parsed.password) return { problem: 'v.frameHost' };
  const host = parsed.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (!allowedHosts.includes(host)) return { problem: 'v.frameHost' };
  if (isIP(host) && isBlocked(host)) return { problem: 'v.frameHost' };
  return get(parsed, isBlocked);
}
