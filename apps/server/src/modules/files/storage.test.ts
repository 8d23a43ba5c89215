import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { testClock } from '../../test/harness.js';
import { createFileStorage } from './storage.js';

const dataDir = `/tmp/study-crm-storage-${process.pid}-${Date.now()}`;
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA_TEST_CODE: 'TEST' });
const incoming = path.join(dataDir, 'uploads-incoming');
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('file storage', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes the part to a temp file while it streams, then moves it under a generated name', async () => {
    const storage = createFileStorage(config, testClock());
    const seen: number[] = [];
    // Between chunks, the bytes already received are on disk (not held in memory until the end).
    async function* chunks() {
      yield PNG_HEAD;
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 20));
        const [temp] = fs.readdirSync(incoming);
        seen.push(fs.statSync(path.join(incoming, temp!)).size);
        yield Buffer.alloc(64 * 1024, i);
      }
    }
    const file = await storage.sink.receive(Readable.from(chunks()), 'a.png', 'file');
    expect(file.size).toBe(PNG_HEAD.length + 4 * 64 * 1024);
    expect(seen[0]).toBeGreaterThanOrEqual(PNG_HEAD.length);
    expect(seen[3]).toBeGreaterThan(seen[0]!);
    const saved = await storage.save(file);
    expect(saved).toMatchObject({ extension: 'png', mime: 'image/png', size: file.size });
    expect(fs.readdirSync(incoming)).toEqual([]);
    expect(fs.statSync((await storage.open(saved.storedName)).full).size).toBe(file.size);
  });

  it('removes a refused file, never touches paths outside its temp folder, and sweeps stale temp files', async () => {
    const clock = testClock(Date.now());
    const storage = createFileStorage(config, clock);
    const file = await storage.sink.receive(Readable.from([Buffer.from('MZ not allowed')]), 'x.png', 'file');
    await expect(storage.save(file)).rejects.toMatchObject({ code: 400 });
    expect(fs.existsSync(file.tempPath)).toBe(false);

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
