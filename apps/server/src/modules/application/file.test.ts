import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { PERM, type ApplicationSaved, type FileRecord } from '@study-crm/shared';
import { BASE, fullForm, PDF_MINI, PNG_1x1, staffWith } from '../../test/application-fixtures.js';

describe('application files', () => {
  const t = useTestApp({ env: { UPLOAD_MAX_MB: '1' }, signIn: true });
  let appId: number;

  const upload = async (
    fields: Record<string, string>,
    file?: { name: string; content: Buffer },
    tk: string = t.admin.token,
    url = `${BASE}/uploadFile`,
  ) => t.upload<FileRecord>(url, fields, file, { token: tk });
  const download = (id: number, tk: string | null = t.admin.token) =>
    t.app.inject({
      method: 'GET',
      url: `${BASE}/downloadFile?id=${id}&appId=student-admin&mcId=COM`,
      headers: t.headers({ token: tk }),
    });
  const storedFiles = () => {
    const root = path.join(t.config.dataDir, 'uploads');
    return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).filter((f) => String(f).includes('.')) : [];
  };

  beforeAll(async () => {
    const created = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(), t.admin);
    appId = created.data.id;
  });

  it('uploads a PDF and a PNG, lists them and downloads them with the right headers', async () => {
    const pdf = await upload(
      { applicationId: String(appId), title: '護照 scan', type: 'passport' },
      { name: 'passport.pdf', content: PDF_MINI },
    );
    expect(pdf.meta.code).toBe(200);
    expect(pdf.data).toMatchObject({
      title: '護照 scan',
      type: 'passport',
      extension: 'pdf',
      mime: 'application/pdf',
      size: PDF_MINI.length,
    });
    expect(pdf.data.displayPath).toBe(`${BASE}/downloadFile?id=${pdf.data.id}`);
    expect(pdf.data.uploader?.name).toBeTruthy();
    const png = await upload({ applicationId: String(appId) }, { name: 'photo.png', content: PNG_1x1 });
    expect(png.data).toMatchObject({ title: 'photo', type: 'other', extension: 'png' });

    const list = await t.get<{ list: FileRecord[]; total: number }>(
      `${BASE}/fileList`,
      { applicationId: appId },
      t.admin,
    );
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((f) => f.extension).sort()).toEqual(['pdf', 'png']);

    const dl = await download(pdf.data.id);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain('attachment; filename=');
    expect(dl.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('護照 scan.pdf')}`);
    expect(dl.rawPayload.equals(PDF_MINI)).toBe(true);
    const img = await download(png.data.id);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG_1x1)).toBe(true);
  });

  it('stores files under generated names only', async () => {
    const res = await upload({ applicationId: String(appId) }, { name: '../../etc/passwd.png', content: PNG_1x1 });
    expect(res.meta.code).toBe(200);
    for (const f of storedFiles()) expect(String(f)).toMatch(/^\d{6}\/[A-Za-z0-9]{32}\.(pdf|png)$/);
  });

  it('refuses a type outside the allow-list by content, even with an allowed extension', async () => {
    const before = storedFiles().length;
    const exe = await upload(
      { applicationId: String(appId) },
      { name: 'cv.pdf', content: Buffer.from('MZ\x90\x00 not a pdf') },
    );
    expect(exe.meta.code).toBe(400);
    // Names the file and says its content is the problem (an .exe renamed .pdf), in the caller's language.
    expect(exe.meta.message).toContain(
      'cv.pdf: the content does not match an allowed file type (PDF, images, Word, Excel only)',
    );
    const zhRes = await t.upload(
      `${BASE}/uploadFile`,
      { applicationId: String(appId) },
      { name: 'cv.pdf', content: Buffer.from('MZ\x90 no pdf') },
      { ...t.admin, locale: 'zh-TW' },
    );
    expect(zhRes.meta.message).toContain('cv.pdf：檔案內容與允許的類型不符（僅限 PDF、圖片、Word、Excel）');
    const zip = await upload(
      { applicationId: String(appId) },
      { name: 'a.docx', content: Buffer.from('PK\x03\x04 random zip') },
    );
    expect(zip.meta.code).toBe(400);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses an oversized file with a 400 naming the field', async () => {
    const big = Buffer.concat([PDF_MINI, Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const res = await upload({ applicationId: String(appId) }, { name: 'big.pdf', content: big });
    expect(res.meta.code).toBe(400);
    expect(res.meta.message).toContain('The file is too large (limit 1 MB)');
  });

  it('refuses an upload without a file or into an unknown application', async () => {
    expect((await upload({ applicationId: String(appId) })).meta.message).toContain('The file is required');
    expect((await upload({ applicationId: '99999' }, { name: 'x.png', content: PNG_1x1 })).meta.code).toBe(404);
  });

  it('renames a file and changes its type', async () => {
    const up = await upload({ applicationId: String(appId) }, { name: 'x.png', content: PNG_1x1 });
    const res = await t.post<FileRecord>(
      `${BASE}/updateFileRecord`,
      { id: up.data.id, title: 'Offer letter', type: 'offer' },
      t.admin,
    );
    expect(res.data).toMatchObject({ title: 'Offer letter', type: 'offer' });
    expect(
      (await t.post(`${BASE}/updateFileRecord`, { id: up.data.id, title: '', type: 'offer' }, t.admin)).meta.code,
    ).toBe(400);
    const unknown = await t.post(`${BASE}/updateFileRecord`, { id: up.data.id, title: 'a', type: 'diploma' }, t.admin);
    expect(unknown.meta.code).toBe(400);
    expect(unknown.meta.message).toContain('type is not an enabled option of dictionary file_type');
  });

  it('refuses an upload whose type is not in the file_type dictionary, storing nothing', async () => {
    const before = storedFiles().length;
    const res = await upload({ applicationId: String(appId), type: 'diploma' }, { name: 'x.png', content: PNG_1x1 });
    expect(res.meta.code).toBe(400);
    expect(res.meta.message).toContain('type');
    expect(storedFiles().length).toBe(before);
  });

  it('removes the record together with the stored file', async () => {
    const up = await upload({ applicationId: String(appId) }, { name: 'x.pdf', content: PDF_MINI });
    const before = storedFiles().length;
    const res = await t.post(`${BASE}/removeFileRecord`, { id: up.data.id }, t.admin);
    expect(res.meta.code).toBe(200);
    expect(storedFiles().length).toBe(before - 1);
    expect((await download(up.data.id)).json().meta.code).toBe(404);
  });

  it('offers the general form upload with the same checks', async () => {
    const ok = await upload({}, { name: 'receipt.png', content: PNG_1x1 }, t.admin.token, '/api/v1/fms/upload');
    expect(ok.meta.code).toBe(200);
    expect(ok.data).toMatchObject({ extension: 'png', originalName: 'receipt.png' });
    const bad = await upload({}, { name: 'x.txt', content: Buffer.from('hello') }, t.admin.token, '/api/v1/fms/upload');
    expect(bad.meta.code).toBe(400);
  });

  it('downloads only with a session and the file permission', async () => {
    const up = await upload({ applicationId: String(appId) }, { name: 'x.png', content: PNG_1x1 });
    expect((await download(up.data.id, null)).json().meta.code).toBe(401);
    await staffWith(t, 'nofiles', [PERM.applicationList]);
    const { token: other } = await t.login('nofiles', 'Staff#2026pass');
    expect((await download(up.data.id, other)).json().meta.code).toBe(403);
    expect((await upload({ applicationId: String(appId) }, { name: 'x.png', content: PNG_1x1 }, other)).meta.code).toBe(
      403,
    );
    expect((await t.post(`${BASE}/removeFileRecord`, { id: up.data.id }, { token: other })).meta.code).toBe(403);
    expect(
      (await t.post(`${BASE}/updateFileRecord`, { id: up.data.id, title: 'a', type: 'b' }, { token: other })).meta.code,
    ).toBe(403);
    expect((await t.get(`${BASE}/fileList`, { applicationId: appId }, { token: other })).meta.code).toBe(403);
  });
});
