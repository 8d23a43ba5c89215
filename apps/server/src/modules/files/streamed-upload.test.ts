import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import type { ApplicationSaved } from '@study-crm/shared';
import { BASE, fullForm, multipart, PDF_MINI, PNG_1x1 } from '../../test/application-fixtures.js';
import type { MultipartBody } from '../../test/harness.js';

// Issue 13: uploads stream to a temp file with the size limit enforced while streaming; nothing is left behind.
describe('streamed uploads', () => {
  const t = useTestApp({ env: { UPLOAD_MAX_MB: '1' }, signIn: true });
  let appId: number;
  let uploads: string;
  let incoming: string;

  beforeAll(async () => {
    appId = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(), t.admin)).data.id;
    uploads = path.join(t.config.dataDir, 'uploads');
    incoming = path.join(t.config.dataDir, 'uploads-incoming');
  });

  // Every file under the uploads folder, temp files included.
  const filesIn = (dir: string): string[] =>
    fs.existsSync(dir)
      ? (fs.readdirSync(dir, { recursive: true }) as string[])
          .filter((f) => fs.statSync(path.join(dir, f)).isFile())
          .map((f) => path.join(path.basename(dir), f))
      : [];
  const filesOnDisk = () => [...filesIn(uploads), ...filesIn(incoming)];

  const send = (body: MultipartBody, url = `${BASE}/uploadFile`) =>
    t.send<{ name?: string; size: number }>(url, body, t.admin);

  it('refuses a file over UPLOAD_MAX_MB with 400 naming the field and leaves no file, temp or stored', async () => {
    const before = filesOnDisk();
    // A valid PDF head followed by 3 MB: the type would pass, the size must not.
    const big = Buffer.concat([PDF_MINI, Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    for (const url of [`${BASE}/uploadFile`, '/api/v1/fms/upload']) {
      const res = await send(multipart({ applicationId: String(appId) }, { name: 'big.pdf', content: big }), url);
      expect(res.meta.code).toBe(400);
      expect(res.meta.message).toMatch(/file/);
      expect(res.meta.message).toContain('1 MB');
    }
    expect(filesOnDisk()).toEqual(before);
  });

  it('stores a file just under the limit with its full size, and leaves no temp file', async () => {
    const content = Buffer.concat([PDF_MINI, Buffer.alloc(1024 * 1024 - PDF_MINI.length - 10, 0x20)]);
    const res = await send(multipart({ applicationId: String(appId) }, { name: 'ok.pdf', content }));
    expect(res.meta.code).toBe(200);
    expect(res.data.size).toBe(content.length);
    expect(filesIn(incoming)).toEqual([]);
    const loose = await send(multipart({}, { name: 'a.png', content: PNG_1x1 }), '/api/v1/fms/upload');
    expect(loose.meta.code).toBe(200);
    const stored = path.join(uploads, loose.data.name!);
    expect(fs.readFileSync(stored).equals(PNG_1x1)).toBe(true);
  });

  it('removes the temp file when the content type or another field is refused', async () => {
    const before = filesOnDisk();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(5000, 1)]);
    const wrongType = await send(multipart({ applicationId: String(appId) }, { name: 'x.pdf', content: exe }));
    expect(wrongType.meta.code).toBe(400);
    expect(wrongType.meta.message).toMatch(/file/);
    const wrongTypeLoose = await send(multipart({}, { name: 'x.png', content: exe }), '/api/v1/fms/upload');
    expect(wrongTypeLoose.meta.code).toBe(400);
    // The file streams in before the fields are checked: an invalid application id still leaves nothing.
    const badField = await send(multipart({ applicationId: 'abc' }, { name: 'a.png', content: PNG_1x1 }));
    expect(badField.meta.code).toBe(400);
    expect(badField.meta.message).toContain('applicationId');
    const unknownApp = await send(multipart({ applicationId: '99999' }, { name: 'a.png', content: PNG_1x1 }));
    expect(unknownApp.meta.code).not.toBe(200);
    expect(filesOnDisk()).toEqual(before);
  });
});
