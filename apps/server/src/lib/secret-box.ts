import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// `aad` (optional) binds a value to what it belongs to: it must be given again, equal, to open it.
export type SecretBox = { seal(plain: string, aad?: string): string; open(sealed: string, aad?: string): string };

const KEY_FILE = 'mail-secret.key';

// The AES-256 key: from configuration, or a key file under the data directory, created on first start.
export function loadSecretKey(opts: {
  configured: string | undefined;
  dataDir: string;
  onCreated: (file: string) => void;
}) {
  if (opts.configured) return Buffer.from(opts.configured, 'base64');
  const file = path.join(opts.dataDir, KEY_FILE);
  try {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length === 32) return key;
    throw new Error(`${file} does not hold a 32-byte base64 key`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx': two servers starting at once on one data directory cannot overwrite each other's key.
  try {
    fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadSecretKey(opts);
    throw err;
  }
  opts.onCreated(file);
  return key;
}

// AES-256-GCM: "v1." + base64(iv | tag | ciphertext). A tampered value fails to open; so does a value opened with
// other additional authenticated data (`aad`: what the value belongs to) than it was sealed with.
function gcmSeal(key: Buffer, plain: Buffer, aad?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (aad !== undefined) cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

function gcmOpen(key: Buffer, sealed: string, aad?: string): Buffer {
  if (!sealed.startsWith('v1.')) throw new Error('unknown secret format');
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  return {
    seal: (plain, aad) => gcmSeal(key, Buffer.from(plain, 'utf8'), aad),
    open: (sealed, aad) => gcmOpen(key, sealed, aad).toString('utf8'),
  };
}

// Envelope encryption for a record's secrets: a fresh 256-bit data key per record seals its values, and only the
// data key is sealed under the configured key. Every part is bound to `aad` (the record's identity) and to its own
// name, so a value moved to another record or field, or a key moved to another record, fails to open.
export type Envelope<K extends string> = { wrappedKey: string; sealed: Record<K, string> };

export function sealEnvelope<K extends string>(box: SecretBox, aad: string, values: Record<K, string>): Envelope<K> {
  const dataKey = randomBytes(32);
  try {
    const sealed = {} as Record<K, string>;
    for (const name of Object.keys(values) as K[]) {
      sealed[name] = gcmSeal(dataKey, Buffer.from(values[name], 'utf8'), `${aad}|${name}`);
    }
    return { wrappedKey: box.seal(dataKey.toString('base64'), `${aad}|dataKey`), sealed };
  } finally {
    dataKey.fill(0);
  }
}

export function openEnvelope<K extends string>(box: SecretBox, aad: string, envelope: Envelope<K>): Record<K, string> {
  const dataKey = Buffer.from(box.open(envelope.wrappedKey, `${aad}|dataKey`), 'base64');
  try {
    const plain = {} as Record<K, string>;
    for (const name of Object.keys(envelope.sealed) as K[]) {
      plain[name] = gcmOpen(dataKey, envelope.sealed[name], `${aad}|${name}`).toString('utf8');
    }
    return plain;
  } finally {
    dataKey.fill(0);
  }
}
