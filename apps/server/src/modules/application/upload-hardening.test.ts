import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import type { ApplicationSaved, FileRecord } from '@study-crm/shared';
import { testClock } from '../../test/harness.js';
import { BASE, fullForm, multipart, PDF_MINI, PNG_1x1 } from '../../test/application-fixtures.js';
import { createFileRepository } from './file.repository.js';
import { createFileStorage } from '../files/index.js';
import { referencedByAny, sweepOrphanUploads } from './orphan-sweep.js';
import { createPaymentRepository } from '../payment/index.js';

// Issue 13, should fix: one file per request, and no orphan files left in storage.
describe('upload hardening', () => {
  const t = useTestApp({ signIn: true });
  let appId: number;

  beforeAll(async () => {
    appId = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(), t.admin)).data.id;
  });

  const send = (payload: Buffer, contentType: string, url = `${BASE}/uploadFile`) =>
    t.send<FileRecord & { name: string }>(url, { payload, contentType }, t.admin);

  // A form with several file parts.
  function withFiles(fields: Record<string, string>, files: { field: string; name: string; content: Buffer }[]) {
    const boundary = `----x${Math.random().toString(16).slice(2)}`;
    const chunks: Buffer[] = [];
    for (const [k, v] of Object.entries(fields)) {
      chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    }
    for (const f of files) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${f.field}"; filename="${f.name}"\r\n` +
            'content-type: application/octet-stream\r\n\r\n',
        ),
        f.content,
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
  }

  it('refuses a second file part, or a file in another field, with 400', async () => {
    const two = withFiles({ applicationId: String(appId) }, [
      { field: 'file', name: 'a.png', content: PNG_1x1 },
      { field: 'file', name: 'b.png', content: PNG_1x1 },
    ]);
    const res = await send(two.payload, two.contentType);
    expect(res.meta.code).toBe(400);
    expect(res.meta.message).toContain('exactly one file');
    const other = withFiles({ applicationId: String(appId) }, [{ field: 'extra', name: 'a.png', content: PNG_1x1 }]);
    const res2 = await send(other.payload, other.contentType);
    expect(res2.meta.code).toBe(400);
    expect(res2.meta.message).toContain('extra');
  });

  it('sweeps stored files no record points to once they are a day old, keeping attached ones', async () => {
    const attached = multipart({ applicationId: String(appId) }, { name: 'kept.pdf', content: PDF_MINI });
    const kept = await send(attached.payload, attached.contentType);
    expect(kept.meta.code).toBe(200);
    const loose = multipart({}, { name: 'loose.png', content: PNG_1x1 });
    const orphan = await send(loose.payload, loose.contentType, '/api/v1/fms/upload');
    expect(orphan.meta.code).toBe(200);

    const clock = testClock(Date.now());
    const storage = createFileStorage(t.config, clock);
    const deps = { storage, files: createFileRepository(t.db.db), clock };
    // Fresh files stay: a form may still attach them.
    expect(await sweepOrphanUploads(deps)).toBe(0);
    clock.advance(25 * 60 * 60 * 1000);
    expect(await sweepOrphanUploads(deps)).toBe(1);
    const left = (await storage.list()).map((f) => f.storedName);
    expect(left).not.toContain(orphan.data.name);
    expect(left).toHaveLength(1);
    const download = await t.app.inject({
      method: 'GET',
      url: `${BASE}/downloadFile?id=${kept.data.id}&appId=student-admin&mcId=COM`,
      headers: t.headers(t.admin),
    });
    expect(download.statusCode).toBe(200);
  });

  it('keeps an upload a record attached after the sweep read what is kept, removing the ones still loose', async () => {
    const upload = async (name: string, content: Buffer) => {
      const { payload, contentType } = multipart({}, { name, content });
      const res = await send(payload, contentType, '/api/v1/fms/upload');
      expect(res.meta.code, res.meta.message).toBe(200);
      return res.data.name;
    };
    const late = await upload('contract.pdf', PDF_MINI);
    const loose = await upload('still-loose.png', PNG_1x1);
    const clock = testClock(Date.now() + 25 * 60 * 60 * 1000);
    const storage = createFileStorage(t.config, clock);
    const kept = referencedByAny(createFileRepository(t.db.db).referenced, createPaymentRepository(t.db.db).referenced);
    let isAttached = false;
    const files = {
      async referenced(names: readonly string[]) {
        const found = await kept.referenced(names);
        if (!isAttached) {
          // A payment attaches the upload just after the sweep's check of them all.
          isAttached = true;
          const res = await t.post(
            '/api/v1/mc/paymentRecord/create',
            {
              applicationId: appId,
              title: 'Contract',
              type: 'collection',
              transactionDate: '2026-11-20',
              amount: '100',
              currency: 'GBP',
              contractFiles: `${late}|contract.pdf`,
            },
            t.admin,
          );
          expect(res.meta.code, res.meta.message).toBe(200);
        }
        return found;
      },
    };
    expect(await sweepOrphanUploads({ storage, files, clock })).toBe(1);
    const left = (await storage.list()).map((f) => f.storedName);
    expect(left).toContain(late);
    expect(left).not.toContain(loose);
  });
});
