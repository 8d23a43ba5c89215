import fs from 'node:fs';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentView } from '@study-crm/shared';
import { testClock, type Envelope } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { createApplication, PDF_MINI } from '../../test/application-fixtures.js';
import { createFileStorage } from '../files/index.js';

const PAY = '/api/v1/mc/paymentRecord';
const WARNING = 'dropped payment files not removed; the orphan sweep will';

// Decision 377: an edit's files go after its commit; when that fails (the check of what else keeps them, or the
// storage), the committed edit still answers 200, the failure is a warning and the file is left to the orphan sweep.
describe('a payment edit whose dropped file cannot be removed', () => {
  const t = useTestApp({ signIn: true });
  let appId: number;

  beforeAll(async () => {
    ({ appId } = await createApplication(t));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const upload = async (name: string) => {
    const res = await t.upload<{ name: string }>('/api/v1/fms/upload', {}, { name, content: PDF_MINI }, t.admin);
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data.name;
  };
  const stored = async () => (await createFileStorage(t.config, testClock()).list()).map((f) => f.storedName);
  // The warnings the server logged about this payment's dropped files.
  const warnings = (paymentId: number) =>
    t.logs
      .flatMap((line) => line.split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as { level: number; msg: string; paymentId?: number; dropped?: string[] })
      .filter((e) => e.msg === WARNING && e.paymentId === paymentId);

  // A record holding one contract file; `edit` then drops it.
  async function recordWithFile(title: string) {
    const file = await upload(`${title}.pdf`);
    const created = await t.post<PaymentView>(
      `${PAY}/create`,
      {
        applicationId: appId,
        title,
        type: 'collection',
        transactionDate: '2026-11-20',
        amount: '100',
        currency: 'GBP',
        contractFiles: `${file}|${title}.pdf`,
      },
      t.admin,
    );
    expect(created.meta.code, created.meta.message).toBe(200);
    const row = created.data;
    const edit = () =>
      t.post<PaymentView>(
        `${PAY}/update`,
        {
          id: row.id,
          version: row.version,
          applicationId: appId,
          title: `${title} (edited)`,
          type: 'collection',
          transactionDate: '2026-11-20',
          amount: '120',
          currency: 'GBP',
          contractFiles: '',
        },
        t.admin,
      );
    return { row, file, edit };
  }
  // The edit answered and saved; the failure logged as a warning naming the file, which is still stored.
  async function expectSavedAndLeft(
    d: Awaited<ReturnType<typeof recordWithFile>>,
    edited: Envelope<PaymentView>,
    title: string,
  ) {
    expect(edited.meta.code, edited.meta.message).toBe(200);
    const saved = await t.get<PaymentView>(`${PAY}/view`, { id: d.row.id }, t.admin);
    expect(saved.data).toMatchObject({ title: `${title} (edited)`, amount: '120.00', contractFiles: [] });
    expect(saved.data.version).toBe(d.row.version + 1);
    const logged = warnings(d.row.id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 40, dropped: [d.file] });
    expect(await stored()).toContain(d.file);
  }

  it('answers 200 when the storage fails to remove the file, logs a warning and leaves the file', async () => {
    const d = await recordWithFile('storage-fails');
    const rm = fs.promises.rm.bind(fs.promises);
    const refused: string[] = [];
    vi.spyOn(fs.promises, 'rm').mockImplementation(async (target, options) => {
      if (String(target).endsWith(d.file)) {
        refused.push(String(target));
        throw Object.assign(new Error('storage out of reach'), { code: 'EIO' });
      }
      return rm(target, options);
    });
    const edited = await d.edit();
    expect(refused).toHaveLength(1);
    await expectSavedAndLeft(d, edited, 'storage-fails');
  });

  it('answers 200 when the check of what else keeps the file fails, logs a warning and leaves the file', async () => {
    const d = await recordWithFile('check-fails');
    // One of the tables the check reads (the audit archive files) out of reach for the edit.
    await sql`alter table audit_archive rename to audit_archive_away`.execute(t.db.db);
    let edited: Envelope<PaymentView>;
    try {
      edited = await d.edit();
    } finally {
      await sql`alter table audit_archive_away rename to audit_archive`.execute(t.db.db);
    }
    await expectSavedAndLeft(d, edited, 'check-fails');
  });
});
