import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type Config } from '../../config.js';
import { testClock } from '../../test/harness.js';
import { startS3Server, type S3Fixture } from '../../test/s3-fixture.js';
import { AppError } from '../../http/errors.js';
import type { ObjectStore } from './object-store.js';
import { createFileStorage, isMissingFile } from './storage.js';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// Every case on both drivers: the local directory and S3-compatible storage (s3rver, in-process, on the wire).
describe.each(['local', 's3'] as const)('file storage (%s)', (driver) => {
  const dataDir = `/tmp/study-crm-storage-${driver}-${process.pid}-${Date.now()}`;
  const incoming = path.join(dataDir, 'uploads-incoming');
  let s3: S3Fixture | undefined;
  let config: Config;
  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3Server();
    config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA_TEST_CODE: 'TEST', ...s3?.env });
  });
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await s3?.close();
  });

  it('writes the part to a temp file while it streams, then moves it under a generated name', async () => {
    const storage = createFileStorage(config, testClock());
    const seen: number[] = [];
    // Between chunks, the bytes already received reach the disk before the next chunk is given (not held in memory
    // until the end). How soon they land depends on the machine's load, so each check waits for them, up to 5 s.
    const onDisk = () => {
      const [temp] = fs.existsSync(incoming) ? fs.readdirSync(incoming) : [];
      return temp ? fs.statSync(path.join(incoming, temp)).size : 0;
    };
    async function* chunks() {
      yield PNG_HEAD;
      let given = PNG_HEAD.length;
      for (let i = 0; i < 4; i++) {
        for (const until = Date.now() + 5000; onDisk() < given && Date.now() < until;)
          await new Promise((r) => setTimeout(r, 10));
        seen.push(onDisk());
        yield Buffer.alloc(64 * 1024, i);
        given += 64 * 1024;
      }
    }
    const file = await storage.sink.receive(Readable.from(chunks()), 'a.png', 'file');
    expect(file.size).toBe(PNG_HEAD.length + 4 * 64 * 1024);
    expect(seen).toEqual([0, 1, 2, 3].map((i) => PNG_HEAD.length + i * 64 * 1024));
    const saved = await storage.save(file);
    expect(saved).toMatchObject({ extension: 'png', mime: 'image/png', size: file.size });
    expect(fs.readdirSync(incoming)).toEqual([]);
    expect((await storage.open(saved.storedName)).size).toBe(file.size);
  });

  it('streams a stored file back, learns its type from its first bytes, lists and removes it', async () => {
    const storage = createFileStorage(config, testClock(Date.now()));
    const body = Buffer.concat([PNG_HEAD, Buffer.alloc(200_000, 7)]);
    const saved = await storage.save(await storage.sink.receive(Readable.from([body]), 'photo.png', 'file'));
    const opened = await storage.open(saved.storedName);
    expect(opened.size).toBe(body.length);
    const chunks: Buffer[] = [];
    for await (const c of await opened.read()) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(body)).toBe(true);
    expect(await storage.detect(saved.storedName, 'renamed.pdf')).toMatchObject({
      type: { extension: 'png' },
      size: body.length,
    });
    expect((await storage.list()).map((f) => f.storedName)).toContain(saved.storedName);
    // Where the bytes are: the bucket for S3 (nothing under DATA_DIR/uploads), the directory otherwise.
    if (s3) {
      expect(await s3.keys()).toContain(saved.storedName);
      expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
    } else {
      expect(fs.existsSync(path.join(dataDir, 'uploads', saved.storedName))).toBe(true);
    }
    await storage.remove(saved.storedName);
    await expect(storage.open(saved.storedName)).rejects.toMatchObject({ code: 404 });
    await expect(storage.open('../../etc/passwd')).rejects.toMatchObject({ code: 404 });
    expect((await storage.list()).map((f) => f.storedName)).not.toContain(saved.storedName);
  });

  it('removes a refused file, never touches paths outside its temp folder, and sweeps stale temp files', async () => {
    const clock = testClock(Date.now());
    const storage = createFileStorage(config, clock);
    const file = await storage.sink.receive(Readable.from([Buffer.from('MZ not allowed')]), 'x.png', 'file');
    await expect(storage.save(file)).rejects.toMatchObject({ code: 400 });
    expect(fs.existsSync(file.tempPath)).toBe(false);

    fs.mkdirSync(dataDir, { recursive: true });
    const outside = path.join(dataDir, 'keep.txt');
    fs.writeFileSync(outside, 'x');
    await storage.discard({ tempPath: outside, size: 1, fileName: 'keep.txt', field: 'file' });
    expect(fs.existsSync(outside)).toBe(true);

    const stale = await storage.sink.receive(Readable.from([PNG_HEAD]), 'b.png', 'file');
    expect(await storage.sweepIncoming(clock.now() - 60_000)).toBe(0);
    expect(await storage.sweepIncoming(clock.now() + 60_000)).toBe(1);
    expect(fs.existsSync(stale.tempPath)).toBe(false);
  });
});

// A configuration whose data directory is the describe block's own, removed after it.
function scratchConfig(name: string): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/study-crm-storage-${name}-${process.pid}`,
    CAPTCHA_TEST_CODE: 'TEST',
  });
  afterAll(() => fs.rmSync(config.dataDir, { recursive: true, force: true }));
  return config;
}

// Decision 354: a store that cannot be reached is told apart from a file that is not there.
describe('file storage when the store fails', () => {
  const config = scratchConfig('down');
  const down = new Error('connect ECONNREFUSED 127.0.0.1:9000');
  const failing: ObjectStore = {
    put: () => Promise.reject(down),
    get: (name) => (name.endsWith('.png') ? Promise.reject(down) : Promise.resolve(undefined)),
    head: () => Promise.reject(down),
    remove: () => Promise.reject(down),
    list: () => Promise.reject(down),
  };
  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => 'no error',
      (err: unknown) => (err instanceof AppError ? err.code : String(err)),
    );

  it('answers 9005 with the cause kept when the store cannot be reached, 404 when the file is not there', async () => {
    const storage = createFileStorage(config, testClock(), failing);
    const opened = await storage.open('202612/abcdefghijklmnopqrstuvwxyz012345.png').catch((e: unknown) => e);
    expect(opened).toBeInstanceOf(AppError);
    expect((opened as AppError).code).toBe(9005);
    expect((opened as AppError).cause).toBe(down);
    expect(isMissingFile(opened)).toBe(false);
    const missing = await storage.open('202612/abcdefghijklmnopqrstuvwxyz012345.pdf').catch((e: unknown) => e);
    expect(isMissingFile(missing)).toBe(true);
    const upload = await storage.sink.receive(Readable.from([PNG_HEAD]), 'a.png', 'file');
    expect(await codeOf(storage.save(upload))).toBe(9005);
    // The temp file is gone either way.
    expect(fs.readdirSync(path.join(config.dataDir, 'uploads-incoming'))).toEqual([]);
    expect(await codeOf(storage.saveMade(Readable.from([Buffer.from('x')]), 'gz', 'application/gzip'))).toBe(9005);
  });
});

// Decision 354 on the local driver: a disk that fails (not a missing file) is the store's failure too.
describe('local file storage when the disk fails', () => {
  const config = scratchConfig('disk');

  it('answers 9005 for an I/O error and 404 for a file that is not there', async () => {
    const storage = createFileStorage(config, testClock());
    const name = '202612/abcdefghijklmnopqrstuvwxyz012345.png';
    expect(isMissingFile(await storage.open(name).catch((e: unknown) => e))).toBe(true);
    const eio = Object.assign(new Error('EIO: i/o error, stat'), { code: 'EIO' });
    const stat = vi.spyOn(fs.promises, 'stat').mockRejectedValueOnce(eio);
    try {
      const failed = await storage.open(name).catch((e: unknown) => e);
      expect((failed as AppError).code).toBe(9005);
    } finally {
      stat.mockRestore();
    }
  });
});
