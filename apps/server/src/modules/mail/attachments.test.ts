import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERM, type EmailDetail } from '@study-crm/shared';
import { testClock, type Values } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { PDF_MINI, PNG_1x1 } from '../../test/application-fixtures.js';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { addSenderFor, useSmtpServer } from '../../test/smtp-fixture.js';
import { createFileRepository, referencedByAny, sweepOrphanUploads } from '../application/index.js';
import { createFileStorage, createUploadLedger } from '../files/index.js';
import { createMailRepository } from './mail.repository.js';

const EMAIL = '/admin/v1/message/email';
const smtp = await useSmtpServer({ pass: 'pw' });
type Uploaded = { name: string; originalName: string; size: number };

// Issue 15: e-mail attachments are files uploaded through /api/v1/fms/upload, sent byte for byte.
describe('e-mail attachments', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_POLL_MS: '20' } });
  let token: string;
  let senderId: number;

  const upload = async (name: string, content: Buffer) => {
    const json = await t.upload<Uploaded>('/api/v1/fms/upload', {}, { name, content }, { token });
    expect(json.meta.code).toBe(200);
    return json.data;
  };
  const add = (v: Values) =>
    t.post<{ id: number }>(
      `${EMAIL}/add`,
      { senderId, platform: 'WEB', recipients: 'amy@example.com', subject: 'Files', content: '<p>附件</p>', ...v },
      { token, locale: 'en-US' },
    );
  async function settled(id: number) {
    for (let i = 0; i < 200; i += 1) {
      const res = await t.get<EmailDetail>(`${EMAIL}/view`, { id }, { token });
      if (res.data.summary.queued === 0 && res.data.summary.sending === 0) return res.data;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`e-mail ${id} did not settle`);
  }

  beforeAll(async () => {
    token = t.admin.token;
    senderId = await addSenderFor(t, smtp, t.admin);
  });

  it('sends uploaded files as attachments with identical bytes and shows them in the view', async () => {
    const pdf = await upload('錄取通知.pdf', PDF_MINI);
    const png = await upload('photo.png', PNG_1x1);
    const res = await add({
      attachments: [pdf.name, png.name, pdf.name],
      attachmentNames: ['錄取通知.pdf', 'photo, 2026.png', 'again.pdf'],
    });
    expect(res.meta.code, res.meta.message).toBe(200);
    const detail = await settled(res.data.id);
    expect(detail.summary.sent).toBe(1);
    expect(detail.attachments).toEqual([
      { name: pdf.name, originalName: '錄取通知.pdf', mime: 'application/pdf', size: PDF_MINI.length },
      { name: png.name, originalName: 'photo, 2026.png', mime: 'image/png', size: PNG_1x1.length },
    ]);
    const mail = smtp.mailsTo('amy@example.com')[0]!.mail;
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['錄取通知.pdf', 'application/pdf'],
      ['photo, 2026.png', 'image/png'],
    ]);
    expect(Buffer.compare(mail.attachments[0]!.content, PDF_MINI)).toBe(0);
    expect(Buffer.compare(mail.attachments[1]!.content, PNG_1x1)).toBe(0);

    // The orphan sweep keeps files an e-mail attaches, and removes a day-old upload nothing keeps, with its row of
    // the upload ledger.
    const loose = await upload('loose.png', PNG_1x1);
    const clock = testClock(Date.now() + 25 * 60 * 60 * 1000);
    const storage = createFileStorage(t.config, clock);
    const files = referencedByAny(createFileRepository(t.db.db).referenced, createMailRepository(t.db.db).referenced);
    const { forget } = createUploadLedger(t.db.db);
    expect(await sweepOrphanUploads({ storage, files, clock, forget })).toBe(1);
    const left = (await storage.list()).map((f) => f.storedName);
    expect(left).toEqual(expect.arrayContaining([pdf.name, png.name]));
    expect(left).not.toContain(loose.name);
    const ledger = await t.db.db.selectFrom('fileUpload').select('storedName').execute();
    expect(ledger.map((r) => r.storedName)).toEqual(expect.arrayContaining([pdf.name, png.name]));
    expect(ledger.map((r) => r.storedName)).not.toContain(loose.name);
  });

  it('refuses bad attachments naming the field, and queues nothing', async () => {
    const png = await upload('a.png', PNG_1x1);
    const before = await t.db.db.selectFrom('deliveryOutbox').select('id').execute();
    const cases: [string, Values][] = [
      ['attachments', { attachments: '../../etc/passwd' }],
      ['attachments', { attachments: '202611/abcdefghijklmnopqrstuvwxyz012345.pdf' }],
      ['attachments', { attachments: Array.from({ length: 11 }, () => png.name).join(',') }],
      ['attachmentNames', { attachments: png.name, attachmentNames: ['a.png', 'b.png'] }],
      ['attachmentNames', { attachments: png.name, attachmentNames: 'x'.repeat(256) }],
    ];
    for (const [field, body] of cases) {
      const res = await add(body);
      expect(res.meta.code, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.meta.message).toContain(field);
    }
    // Without names, a file is named after its type.
    const unnamed = await add({ attachments: png.name });
    expect(unnamed.meta.code).toBe(200);
    const view = await t.get<EmailDetail>(`${EMAIL}/view`, { id: unnamed.data.id }, { token });
    expect(view.data.attachments.map((a) => a.originalName)).toEqual(['attachment-1.png']);
    expect(await t.db.db.selectFrom('deliveryOutbox').select('id').execute()).toHaveLength(before.length + 1);
    await settled(unnamed.data.id);
  });

  it("attaches only files the sender uploaded: never another member's upload or a stored file read elsewhere", async () => {
    // A file in storage that no general upload of this member made (an application's passport, an export): its
    // exact stored name, as the operation log or another e-mail's view would show it.
    const storage = createFileStorage(t.config, testClock(Date.now()));
    const stored = await storage.save(await storage.sink.receive(Readable.from([PDF_MINI]), 'passport.pdf', 'file'));
    // Another member's general upload.
    const role = await createRole(t.db.db, 'ROLE_MAILER', [PERM.emailAdd, PERM.fileUpload]);
    await createStaff(t.db.db, 'mailer', [role]);
    const mailer = await t.login('mailer', STAFF_PASSWORD);
    const theirs = await t.upload<Uploaded>('/api/v1/fms/upload', {}, { name: 'cv.pdf', content: PDF_MINI }, mailer);
    expect(theirs.meta.code).toBe(200);
    const before = await t.db.db.selectFrom('deliveryOutbox').select('id').execute();
    for (const name of [stored.storedName, theirs.data.name]) {
      const res = await add({ attachments: name, recipients: 'outsider@example.com' });
      expect(res.meta.code, name).toBe(400);
      expect(res.meta.message).toContain('attachments');
    }
    expect(await t.db.db.selectFrom('deliveryOutbox').select('id').execute()).toHaveLength(before.length);
    // Its uploader may attach it.
    const own = await t.post<{ id: number }>(
      `${EMAIL}/add`,
      {
        senderId,
        platform: 'WEB',
        recipients: 'amy@example.com',
        subject: 'CV',
        content: '<p>CV</p>',
        attachments: theirs.data.name,
      },
      { token: mailer.token, locale: 'en-US' },
    );
    expect(own.meta.code, own.meta.message).toBe(200);
    await settled(own.data.id);
  });
});
