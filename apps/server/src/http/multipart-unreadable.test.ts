import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { engineFree } from '../test/engine.js';
import { auditEntriesOf } from '../test/audit-log.js';
import { SMS } from '../test/sms-fixtures.js';
import { useTestApp } from '../test/signed-in.js';
import { AppError } from './errors.js';
import { readMultipart, type FileSink } from './multipart.js';

// A body sent as multipart that is not one, or stops before its closing boundary: the parser throws an error of its
// own (no status), which the error handler took for the server's fault (500, logged as an error). It is the caller's:
// 400 naming the file field, with nothing stored and no temp file left.
describe('multipart bodies that cannot be read', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });

  const bodies: [string, string][] = [
    ['cut off in the file', '--X\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-'],
    ['cut off in the part headers', '--X\r\nContent-Disposition: form-data; name="fi'],
    ['not multipart at all', 'hello'],
  ];

  const filesUnder = (dir: string): string[] =>
    fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).map((f) => path.join(dir, f)) : [];
  const onDisk = () => [
    ...filesUnder(path.join(t.config.dataDir, 'uploads')),
    ...filesUnder(path.join(t.config.dataDir, 'uploads-incoming')),
  ];
  const errorLogs = () => t.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

  it('answers 400 naming the file field on the file upload and the SMS recipient upload, storing nothing', async () => {
    const before = onDisk();
    const batches = async () => (await t.get<{ total: number }>(`${SMS}/list`, {}, t.admin)).data.total;
    const batchesBefore = await batches();
    for (const url of ['/api/v1/fms/upload', `${SMS}/add`]) {
      for (const [what, body] of bodies) {
        const res = await t.send(
          url,
          { payload: Buffer.from(body), contentType: 'multipart/form-data; boundary=X' },
          { ...t.admin, locale: 'en-US' },
        );
        expect(res.meta, `${url}, ${what}`).toEqual({
          code: 400,
          message: 'What was sent could not be read. Check it and try again. [400 · file]',
        });
      }
    }
    expect(onDisk()).toEqual(before);
    expect(await batches()).toBe(batchesBefore);
    expect(errorLogs()).toEqual([]);
    // The audited upload records a refusal, not an error.
    const audit = await auditEntriesOf(t.db.db, 'sms', 'add').select(['outcome', 'code']).execute();
    expect(audit).toEqual(bodies.map(() => ({ outcome: 'refused', code: 400 })));
  });

  it('names the field in every language', async () => {
    const body = { payload: Buffer.from(bodies[0]![1]), contentType: 'multipart/form-data; boundary=X' };
    const message = async (locale: string) =>
      (await t.send('/api/v1/fms/upload', body, { ...t.admin, locale })).meta.message;
    expect(await message('zh-TW')).toBe('請求內容無法解析。請檢查後再試一次。[400 · file]');
    expect(await message('zh-CN')).toBe('请求内容无法解析。请检查后再试一次。[400 · file]');
  });
});

// The other side of the line: a failure of the server's own while the file streams in (its temp file's disk, a fault
// in its code) is not the caller's, and is not turned into a 400.
engineFree.describe('multipart failures of the server', () => {
  it('lets a temp-file write error and a fault of its code through as themselves, and refuses a bad body as a 400', async () => {
    const app = Fastify();
    await app.register(multipart);
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      syscall: 'write',
    });
    const failing: FileSink = {
      receive: async (stream) => {
        stream.resume();
        throw full;
      },
      discard: async () => undefined,
    };
    let thrown: unknown;
    app.post('/up', async (req) => {
      thrown = undefined;
      try {
        return await readMultipart(req, { maxBytes: 1024, sink: failing });
      } catch (err) {
        thrown = err;
        throw err;
      }
    });
    const send = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/up',
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=X' },
      });
    await send('--X\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-\r\n--X--\r\n');
    expect(thrown).toBe(full);
    await send('hello');
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: 400, params: { field: 'file', reason: 'v.body' } });
    // A fault in the server's own code while a part streams in is not the caller's either.
    const fault = new TypeError("Cannot read properties of undefined (reading 'size')");
    failing.receive = async (stream) => {
      stream.resume();
      throw fault;
    };
    await send('--X\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-\r\n--X--\r\n');
    expect(thrown).toBe(fault);
    await app.close();
  });
});
