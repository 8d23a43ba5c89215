import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createSecretBox, loadSecretKey, openEnvelope, sealEnvelope } from './secret-box.js';
import { engineFree } from '../test/engine.js';

engineFree.describe('secret box', () => {
  it('creates a key file once under the data directory, says so, and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-key-'));
    const created: string[] = [];
    const first = loadSecretKey({ configured: undefined, dataDir: dir, onCreated: (f) => created.push(f) });
    const second = loadSecretKey({ configured: undefined, dataDir: dir, onCreated: (f) => created.push(f) });
    expect(first.equals(second)).toBe(true);
    expect(created).toEqual([path.join(dir, 'mail-secret.key')]);
    expect(fs.statSync(created[0]!).mode & 0o077).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prefers the configured key', () => {
    const key = Buffer.alloc(32, 7);
    const got = loadSecretKey({ configured: key.toString('base64'), dataDir: '/nonexistent', onCreated: () => {} });
    expect(got.equals(key)).toBe(true);
  });

  it('seals with a fresh IV each time and refuses a tampered or foreign value', () => {
    const box = createSecretBox(Buffer.alloc(32, 1));
    const a = box.seal('密碼 secret');
    expect(a).not.toBe(box.seal('密碼 secret'));
    expect(box.open(a)).toBe('密碼 secret');
    const raw = Buffer.from(a.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open(`v1.${raw.toString('base64')}`)).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 2)).open(a)).toThrow();
  });
});

engineFree.describe('envelope encryption', () => {
  const box = createSecretBox(Buffer.alloc(32, 3));
  const values = { mnemonic: 'abandon ability able', privateKey: '0x01' };

  it('seals each record under its own data key, wrapped by the configured key, and opens it again', () => {
    const a = sealEnvelope(box, 'wallet|member=1|address=0xA', values);
    const b = sealEnvelope(box, 'wallet|member=1|address=0xA', values);
    expect(a.wrappedKey).not.toBe(b.wrappedKey);
    expect(a.sealed.mnemonic).not.toContain('abandon');
    expect(openEnvelope(box, 'wallet|member=1|address=0xA', a)).toEqual(values);
    // The old API still opens values sealed without additional data.
    expect(box.open(box.seal('plain'))).toBe('plain');
  });

  it('refuses a value opened for another record, another field, or under another configured key', () => {
    const a = sealEnvelope(box, 'wallet|member=1|address=0xA', values);
    expect(() => openEnvelope(box, 'wallet|member=2|address=0xA', a)).toThrow();
    expect(() => openEnvelope(box, 'wallet|member=1|address=0xB', a)).toThrow();
    const swapped = { ...a, sealed: { mnemonic: a.sealed.privateKey, privateKey: a.sealed.mnemonic } };
    expect(() => openEnvelope(box, 'wallet|member=1|address=0xA', swapped)).toThrow();
    const other = sealEnvelope(box, 'wallet|member=1|address=0xA', values);
    expect(() => openEnvelope(box, 'wallet|member=1|address=0xA', { ...a, wrappedKey: other.wrappedKey })).toThrow();
    expect(() => openEnvelope(createSecretBox(Buffer.alloc(32, 4)), 'wallet|member=1|address=0xA', a)).toThrow();
  });
});
