import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256 } from '../../lib/hash.js';

// RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits, 30-second steps.
const PERIOD = 30;
const totp = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

// 160 random bits (RFC 4226 §4), base32.
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const otpauthUrl = (secret: string, label: string, issuer: string): string =>
  totp(secret, label, issuer).toString();

// The time step a code belongs to, allowing one step of clock drift either way; null when it matches none.
export function matchTotpStep(secret: string, code: string, now: number): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
// Ten codes of 16 characters from 31 symbols (about 79 bits each), shown as xxxx-xxxx-xxxx-xxxx.
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const raw = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return raw.match(/.{4}/g)!.join('-');
  });
}

export const isRecoveryCodeShape = (code: string) => !/^\d{6}$/.test(code);
// Stored and compared as the SHA-256 of the code without dashes, in lower case.
export const recoveryCodeHash = (code: string) => sha256(code.replace(/-/g, '').toLowerCase());
