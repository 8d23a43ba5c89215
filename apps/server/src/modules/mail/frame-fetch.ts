import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

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

export type FrameFetchOutcome = { html: string } | { problem: 'v.frameHost' | 'v.frameFetch' };

// Fetches a template's HTML frame once, when the template is saved: http(s) only, the host on the allow list,
// every address it resolves to public, no redirects, a size and time limit.
export async function fetchFrame(url: string, allowedHosts: string[]): Promise<FrameFetchOutcome> {
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
  try {
    const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
    if (!addresses.length || addresses.some((a) => isPrivateAddress(a.address))) return { problem: 'v.frameHost' };
    const res = await fetch(parsed, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (res.status !== 200 || !res.body) return { problem: 'v.frameFetch' };
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.byteLength;
      if (size > FRAME_MAX_BYTES) return { problem: 'v.frameFetch' };
      chunks.push(chunk);
    }
    return { html: Buffer.concat(chunks).toString('utf8') };
  } catch {
    return { problem: 'v.frameFetch' };
  }
}
