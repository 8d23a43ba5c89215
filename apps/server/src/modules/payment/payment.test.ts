import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  DICT_TYPES,
  PERM,
  type ApplicationSaved,
  type Page,
  type PaymentListItem,
  type PaymentTotals,
  type PaymentView,
  type SearchResult,
  type Track,
} from '@study-crm/shared';
import { startTestApp, type TestApp, type Values } from '../../test/harness.js';
import { BASE, fullForm, PDF_MINI, PNG_1x1, staffWith } from '../../test/application-fixtures.js';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';

const PAY = '/api/v1/mc/paymentRecord';
const TRACKS = '/api/v1/cake/tracks';

describe('payment records', () => {
  let t: TestApp;
  let token: string;
  let adminId: number;
  let appId: number;
  let otherAppId: number;

  const upload = async (name: string, content: Buffer, tk = token) => {
    const res = await t.upload<{ name: string }>('/api/v1/fms/upload', {}, { name, content }, { token: tk });
    return res.data.name;
  };
  const form = (o: Values = {}): Values => ({
    applicationId: appId,
    title: 'Tuition deposit',
    type: 'collection',
    transactionDate: '2026-11-20',
    amount: '1200.50',
    currency: 'GBP',
    transferMethod: 'bank_transfer',
    ...o,
  });
  const create = (o: Values = {}, tk = token) => t.post<PaymentView>(`${PAY}/create`, form(o), { token: tk });
  const tracksOf = async (paymentId: number) =>
    (await t.get<Page<Track>>(TRACKS, { paymentId, pageSize: 100 }, { token })).data.list;

  beforeAll(async () => {
    t = await startTestApp();
    ({ token, mid: adminId } = await t.login());
    appId = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(), { token })).data.id;
    otherAppId = (
      await t.post<ApplicationSaved>(
        `${BASE}/create`,
        fullForm({ name: '李四', email: 'li@example.com', passportNo: 'P7654321' }),
        { token },
      )
    ).data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses each missing or bad field with a 400 naming it', async () => {
    const cases: [Values, string][] = [
      [{ title: '' }, 'title'],
      [{ type: '' }, 'type'],
      [{ type: 'gift' }, 'type'],
      [{ transactionDate: '' }, 'transactionDate'],
      [{ transactionDate: '2026-02-30' }, 'transactionDate'],
      [{ amount: '' }, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ amount: '-5' }, 'amount'],
      [{ amount: '12.345' }, 'amount'],
      [{ amount: '1.5', currency: 'JPY' }, 'amount'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ currency: '' }, 'currency'],
      [{ transferMethod: 'barter' }, 'transferMethod'],
      [{ signingTeacherId: 999999 }, 'signingTeacherId'],
      [{ applicationId: '' }, 'applicationId'],
      [{ applicationId: 999999 }, 'applicationId'],
      [{ receipt: '202611/notours.png' }, 'receipt'],
    ];
    for (const [o, field] of cases) {
      const res = await create(o);
      expect(res.meta.code, `${field} ${JSON.stringify(o)}`).toBe(400);
      expect(res.meta.message, field).toContain(field);
    }
  });

  it('stores money as minor units with the currency’s own decimals', async () => {
    const gbp = await create({ amount: '1,234.5' });
    expect(gbp.meta.code).toBe(200);
    expect(gbp.data).toMatchObject({
      amountMinor: 123450,
      amount: '1234.50',
      currency: 'GBP',
      digits: 2,
      status: 'pending',
      studentName: '王小明',
    });
    const jpy = await create({ amount: '5000', currency: 'jpy' });
    expect(jpy.data).toMatchObject({ amountMinor: 5000, amount: '5000', currency: 'JPY', digits: 0 });
  });

  it('creates with attachments, edits, confirms once, then locks the money fields', async () => {
    const receipt = await upload('receipt.png', PNG_1x1);
    const contract = await upload('contract.pdf', PDF_MINI);
    const res = await create({ receipt: `${receipt}|Receipt Nov.png`, contractFiles: contract });
    expect(res.meta.code).toBe(200);
    const id = res.data.id;
    expect(res.data.receipt).toMatchObject([{ originalName: 'Receipt Nov.png', extension: 'png', kind: 'receipt' }]);
    expect(res.data.contractFiles).toHaveLength(1);

    // The receipt downloads with its own type.
    const dl = await t.app.inject({
      method: 'GET',
      url: `${PAY}/downloadFile?id=${res.data.receipt[0]!.id}&appId=student-admin&mcId=COM`,
      headers: t.headers({ token }),
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');

    // Another record cannot take over the same stored file.
    expect((await create({ receipt })).meta.code).toBe(400);
    // Nor take a file another member uploaded (decision 295).
    const role = await createRole(t.db.db, 'ROLE_PAY_UPLOADER', [PERM.fileUpload]);
    await createStaff(t.db.db, 'payuploader', [role]);
    const other = await t.login('payuploader', STAFF_PASSWORD);
    const theirs = await upload('theirs.png', PNG_1x1, other.token);
    const taken = await create({ receipt: theirs });
    expect(taken.meta.code).toBe(400);
    expect(taken.meta.message).toContain('receipt');

    const upd = await t.post<PaymentView>(
      `${PAY}/update`,
      { ...form({ amount: '1300', description: 'second instalment' }), id, receipt, contractFiles: '' },
      { token },
    );
    expect(upd.meta.code).toBe(200);
    expect(upd.data).toMatchObject({ amount: '1300.00', description: 'second instalment' });
    expect(upd.data.contractFiles).toHaveLength(0);
    expect(upd.data.receipt).toHaveLength(1);

    const conf = await t.post<PaymentView>(`${PAY}/confirm`, { id }, { token });
    expect(conf.meta.code).toBe(200);
    expect(conf.data).toMatchObject({ status: 'confirmed', confirmedBy: { id: adminId } });
    expect(conf.data.confirmedAt).toBeGreaterThan(0);

    const again = await t.post(`${PAY}/confirm`, { id }, { token });
    expect(again.meta.code).toBe(Code.PAYMENT_ALREADY_CONFIRMED);
    expect(again.meta.message).toMatch(/already been confirmed/);

    for (const o of [{ amount: '1' }, { currency: 'CNY' }, { transactionDate: '2026-11-21' }, { type: 'refund' }]) {
      const locked = await t.post(`${PAY}/update`, { ...form({ amount: '1300', ...o }), id }, { token });
      expect(locked.meta.code, JSON.stringify(o)).toBe(Code.PAYMENT_LOCKED);
    }
    // Other fields of a confirmed record may still be corrected.
    const note = await t.post<PaymentView>(
      `${PAY}/update`,
      { ...form({ amount: '1300.00', description: 'paid by parent' }), id },
      { token },
    );
    expect(note.meta.code).toBe(200);
    expect(note.data.amountMinor).toBe(130000);

    // Void with a reason; a voided record is final.
    expect((await t.post(`${PAY}/void`, { id, reason: '' }, { token })).meta.code).toBe(400);
    const voided = await t.post<PaymentView>(`${PAY}/void`, { id, reason: 'duplicate entry' }, { token });
    expect(voided.data).toMatchObject({ status: 'voided', voidReason: 'duplicate entry', voidedBy: { id: adminId } });
    expect((await t.post(`${PAY}/update`, { ...form(), id }, { token })).meta.code).toBe(Code.PAYMENT_VOIDED);
    expect((await t.post(`${PAY}/confirm`, { id }, { token })).meta.code).toBe(Code.PAYMENT_VOIDED);

    const log = await tracksOf(id);
    expect(log.map((l) => l.operation).reverse()).toEqual([
      'create',
      'attach',
      'update',
      'removeAttachment',
      'confirm',
      'update',
      'void',
    ]);
    const edit = log.find((l) => l.operation === 'update')!;
    const one = await t.get<Track>(`${TRACKS}/view`, { id: log.at(-3)!.id }, { token });
    expect(one.data.operator).toMatchObject({ id: adminId });
    expect(log.at(-3)!.changes).toContainEqual({ field: 'amount', before: '1200.50 GBP', after: '1300.00 GBP' });
    expect(edit.changes).toContainEqual({ field: 'description', before: 'second instalment', after: 'paid by parent' });
  });

  it('of two records created at once with one upload, one takes it and the other is refused (400), writing nothing', async () => {
    for (let i = 0; i < 3; i++) {
      const receipt = await upload(`race-${i}.png`, PNG_1x1);
      const title = `double submit ${i}`;
      const answers = await Promise.all([1, 2].map(() => create({ title, receipt: `${receipt}|race.png` })));
      const codes = answers.map((a) => a.meta.code).sort();
      expect(codes, answers.map((a) => a.meta.message).join(' / ')).toEqual([200, 400]);
      const refused = answers.find((a) => a.meta.code === 400)!;
      expect(refused.meta.message).toContain('receipt');
      expect(refused.meta.message).toContain('race.png');
      const records = await t.db.db.selectFrom('paymentRecord').select('id').where('title', '=', title).execute();
      expect(records).toHaveLength(1);
      const files = await t.db.db
        .selectFrom('paymentFile')
        .select('paymentId')
        .where('storedName', '=', receipt)
        .execute();
      expect(files).toEqual([{ paymentId: records[0]!.id }]);
    }
  });

  it('refuses (400) an upload another record took between the check and the insert, and keeps nothing of the record', async () => {
    const receipt = await upload('late.png', PNG_1x1);
    expect(receipt).toMatch(/^[\w./-]+$/);
    // Another call's record takes the upload after this one's check: a trigger on the new record stands in for it.
    const file = `insert into payment_file (payment_id, kind, stored_name, original_name, extension, mime, size, created_at)
      values (new.id, 'receipt', '${receipt}', 'other.png', 'png', 'image/png', 1, 0)`;
    if (t.db.dialect === 'postgres') {
      await sql
        .raw(
          `create function take_upload() returns trigger language plpgsql as $$
            begin if new.title = 'late upload' then ${file}; end if; return new; end $$`,
        )
        .execute(t.db.db);
      await sql`create trigger take_upload after insert on payment_record for each row execute function take_upload()`.execute(
        t.db.db,
      );
    } else {
      await sql
        .raw(
          `create trigger take_upload after insert on payment_record when new.title = 'late upload' begin ${file}; end`,
        )
        .execute(t.db.db);
    }
    try {
      const res = await create({ title: 'late upload', receipt: `${receipt}|late.png` });
      expect(res.meta.code, res.meta.message).toBe(400);
      expect(res.meta.message).toContain('receipt');
      expect(res.meta.message).toContain('late.png');
      const records = await t.db.db
        .selectFrom('paymentRecord')
        .select('id')
        .where('title', '=', 'late upload')
        .execute();
      expect(records).toEqual([]);
    } finally {
      // (The function too: on PostgreSQL the test apps' databases are copies of one template.)
      if (t.db.dialect === 'postgres') {
        await sql`drop trigger take_upload on payment_record`.execute(t.db.db);
        await sql`drop function take_upload()`.execute(t.db.db);
      } else await sql`drop trigger take_upload`.execute(t.db.db);
    }
  });

  it('20 parallel confirmations of one record give one confirmation and one log entry', async () => {
    const id = (await create({ title: 'race' })).data.id;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.post<PaymentView>(`${PAY}/confirm`, { id }, { token })),
    );
    const codes = results.map((r) => r.meta.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === Code.PAYMENT_ALREADY_CONFIRMED)).toHaveLength(19);
    const confirms = (await tracksOf(id)).filter((l) => l.operation === 'confirm');
    expect(confirms).toHaveLength(1);
  });

  it('totals per currency for the list’s filters, refunds subtracted, voided left out', async () => {
    const f = { applicationId: otherAppId };
    const add = async (o: Values) => (await create({ ...o, applicationId: otherAppId })).data.id;
    const a = await add({ amount: '1000', currency: 'GBP' });
    await add({ amount: '250.25', currency: 'GBP', type: 'refund' });
    await add({ amount: '300', currency: 'GBP' });
    await add({ amount: '8000', currency: 'CNY' });
    const v = await add({ amount: '99', currency: 'CNY' });
    await add({ amount: '700', currency: 'JPY', transactionDate: '2026-01-01' });
    await t.post(`${PAY}/confirm`, { id: a }, { token });
    await t.post(`${PAY}/void`, { id: v, reason: 'typo' }, { token });

    const totals = await t.get<PaymentTotals>(`${PAY}/countAmount`, f, { token });
    expect(totals.meta.code).toBe(200);
    expect(totals.data.currencies).toEqual([
      expect.objectContaining({ currency: 'CNY', total: '8000.00', pending: '8000.00', confirmed: '0.00', count: 1 }),
      expect.objectContaining({
        currency: 'GBP',
        totalMinor: 104975,
        total: '1049.75',
        pending: '49.75',
        confirmed: '1000.00',
        count: 3,
      }),
      expect.objectContaining({ currency: 'JPY', total: '700', digits: 0 }),
    ]);
    const dated = await t.get<PaymentTotals>(`${PAY}/countAmount`, { ...f, dateFrom: '2026-06-01' }, { token });
    expect(dated.data.currencies.map((c) => c.currency)).toEqual(['CNY', 'GBP']);

    const page = await t.get<Page<PaymentListItem>>(
      `${PAY}/list`,
      { ...f, currency: 'gbp', sortField: 'amount', order: 'asc' },
      { token },
    );
    expect(page.data.total).toBe(3);
    expect(page.data.list.map((r) => r.amount)).toEqual(['250.25', '300.00', '1000.00']);
    const byName = await t.get<Page<PaymentListItem>>(`${PAY}/list`, { keyword: '李' }, { token });
    expect(byName.data.total).toBe(6);
    expect((await t.get(`${PAY}/list`, { sortField: 'nope' }, { token })).meta.message).toContain('sortField');
  });

  it('pages every filter with the total its source gives (summary, per-day totals, records) and the people named', async () => {
    const teacherId = await staffWith(t, 'paysigner', []);
    const zhaoApp = (
      await t.post<ApplicationSaved>(
        `${BASE}/create`,
        fullForm({ name: '趙付款', email: 'zhao.pay@example.com', passportNo: 'P5550001' }),
        { token },
      )
    ).data.id;
    const add = async (o: Values) =>
      (await create({ applicationId: zhaoApp, signingTeacherId: teacherId, ...o })).data.id;
    const confirmed = await add({ amount: '10', transactionDate: '2026-10-02' });
    await add({ amount: '20', type: 'refund', transactionDate: '2026-10-03' });
    await add({ amount: '30', currency: 'EUR', transactionDate: '2026-10-04' });
    await t.post(`${PAY}/confirm`, { id: confirmed }, { token });

    type List = Page<PaymentListItem>;
    const list = async (q: Values, pageNum: number, pageSize: number) =>
      (await t.get<List>(`${PAY}/list`, { ...q, pageNum, pageSize }, { token })).data;
    const cases: [Values, (r: PaymentListItem) => boolean][] = [
      [{}, () => true],
      [{ status: 'confirmed' }, (r) => r.status === 'confirmed'],
      [{ type: 'refund', currency: 'GBP' }, (r) => r.type === 'refund' && r.currency === 'GBP'],
      [{ dateFrom: '2026-10-03', dateTo: '2026-10-04' }, (r) => r.transactionDate >= '2026-10-03'],
      [{ dateTo: '2026-10-03', status: 'pending' }, (r) => r.transactionDate <= '2026-10-03'],
      [{ teacherId }, (r) => r.signingTeacher?.id === teacherId],
      [{ keyword: '趙付' }, (r) => r.applicationId === zhaoApp],
      [{ applicationId: zhaoApp, currency: 'EUR' }, (r) => r.currency === 'EUR'],
    ];
    for (const [q, holds] of cases) {
      const whole = await list(q, 1, 100);
      expect(whole.total, JSON.stringify(q)).toBe(whole.list.length);
      expect(whole.list.every(holds), JSON.stringify(q)).toBe(true);
      // Pages of two: full ones, whose total is read from the filter's source, not from the page.
      for (const pageNum of [1, 2]) {
        const page = await list(q, pageNum, 2);
        expect(page.total, JSON.stringify(q)).toBe(whole.total);
        const ids = whole.list.slice((pageNum - 1) * 2, pageNum * 2).map((r) => r.id);
        expect(
          page.list.map((r) => r.id),
          JSON.stringify(q),
        ).toEqual(ids);
      }
    }
    expect((await list({ teacherId }, 1, 100)).total).toBe(3);
    expect((await list({ keyword: '趙付', dateFrom: '2026-10-04' }, 1, 100)).total).toBe(1);

    // Each row names its student, signing teacher and confirmer as the record's own view does.
    const rows = (await list({ applicationId: zhaoApp }, 1, 20)).list;
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      const view = (await t.get<PaymentView>(`${PAY}/view`, { id: r.id }, { token })).data;
      expect(r.student).toEqual(view.student);
      expect(r.signingTeacher).toEqual(view.signingTeacher);
      expect(r.confirmedBy).toEqual(view.confirmedBy);
    }
    expect(rows.find((r) => r.id === confirmed)).toMatchObject({
      signingTeacher: { id: teacherId },
      confirmedBy: { id: adminId },
    });
    expect(rows.find((r) => r.id === confirmed)?.student?.id).toBeGreaterThan(0);
  });

  it('sums a date range from the per-day totals’ covering indexes (migration 0033)', async () => {
    if (t.db.dialect !== 'sqlite') return; // PostgreSQL's planner prefers a scan on a table this small
    const plan = async (where: string) => {
      const rows = await sql<{ detail: string }>`explain query plan
        select currency, type, status, sum(amount_minor), sum(n) from payment_day_total
        where ${sql.raw(where)} and day >= '2025-01-01' and day <= '2025-12-31' and status != 'voided'
        group by currency, type, status`.execute(t.db.db);
      return rows.rows.map((r) => r.detail).join(' ');
    };
    expect(await plan("currency = 'GBP' and status = 'pending'")).toContain(
      'COVERING INDEX payment_day_total_currency_ix',
    );
    expect(await plan("status = 'pending'")).toContain('COVERING INDEX payment_day_total_status_ix');
    expect(await plan('1 = 1')).toContain('COVERING INDEX payment_day_total_day_ix');
  });

  it('log rows refuse UPDATE and DELETE even through the app’s own database connection', async () => {
    const id = (await create({ title: 'append-only' })).data.id;
    const db = t.db.db;
    await expect(sql`update payment_track set operation = 'void' where payment_id = ${id}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from payment_track where payment_id = ${id}`.execute(db)).rejects.toThrow(/append-only/);
    expect(await tracksOf(id)).toHaveLength(1);
  });

  it('filters the log by operator, operation and date', async () => {
    const clerk = await staffWith(t, 'payclerk', [PERM.paymentAdd, PERM.paymentList]);
    const { token: ct } = await t.login('payclerk', 'Staff#2026pass');
    expect((await create({ title: 'by clerk' }, ct)).meta.code).toBe(200);
    const mine = await t.get<Page<Track>>(TRACKS, { operatorId: clerk }, { token });
    expect(mine.data.list).toHaveLength(1);
    expect(mine.data.list[0]).toMatchObject({ operation: 'create', paymentTitle: 'by clerk' });
    const voids = await t.get<Page<Track>>(TRACKS, { operation: 'void' }, { token });
    expect(voids.data.list.every((l) => l.operation === 'void')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const none = await t.get<Page<Track>>(TRACKS, { dateTo: '2000-01-01' }, { token });
    expect(none.data.total).toBe(0);
    const all = await t.get<Page<Track>>(TRACKS, { dateFrom: today, dateTo: today }, { token });
    expect(all.data.total).toBeGreaterThan(10);
    // The screen's range: instants (its own days), from inclusive, to exclusive, over the UTC days.
    const entry = mine.data.list[0]!;
    const ids = async (q: Record<string, string | number>) =>
      (await t.get<Page<Track>>(TRACKS, { operatorId: clerk, ...q }, { token })).data.list.map((l) => l.id);
    expect(await ids({ from: entry.createdAt, to: entry.createdAt + 1, dateTo: '2000-01-01' })).toEqual([entry.id]);
    expect(await ids({ from: entry.createdAt + 1 })).toEqual([]);
    expect(await ids({ to: entry.createdAt })).toEqual([]);
    expect((await t.get(TRACKS, { from: 'yesterday' }, { token })).meta).toMatchObject({ code: 400 });
  });

  it('refuses callers without the permission of each call', async () => {
    await staffWith(t, 'payviewer', [PERM.paymentList]);
    const { token: vt } = await t.login('payviewer', 'Staff#2026pass');
    const id = (await create({ title: 'perm' })).data.id;
    expect((await t.get(`${PAY}/list`, {}, { token: vt })).meta.code).toBe(200);
    expect((await create({}, vt)).meta.code).toBe(403);
    expect((await t.post(`${PAY}/update`, { ...form(), id }, { token: vt })).meta.code).toBe(403);
    expect((await t.post(`${PAY}/confirm`, { id }, { token: vt })).meta.code).toBe(403);
    expect((await t.post(`${PAY}/void`, { id, reason: 'x' }, { token: vt })).meta.code).toBe(403);
    expect((await t.get(TRACKS, {}, { token: vt })).meta.code).toBe(403);
    expect((await t.get(`${TRACKS}/view`, { id: 1 }, { token: vt })).meta.code).toBe(403);
    expect((await t.get(`${PAY}/countAmount`, {}, { token: null })).meta.code).toBe(401);
  });

  it('opens the userTransactions screen to a member holding only payment:userList, for one application at a time', async () => {
    await staffWith(t, 'payuser', [PERM.paymentUserList]);
    const { token: ut } = await t.login('payuser', 'Staff#2026pass');
    const receipt = await upload('user-receipt.png', PNG_1x1);
    const mine = (await create({ title: 'user screen', receipt })).data;
    const other = (await create({ title: 'elsewhere', applicationId: otherAppId })).data;

    const list = await t.get<Page<PaymentListItem>>(`${PAY}/userList`, { applicationId: appId }, { token: ut });
    expect(list.meta.code).toBe(200);
    expect(list.data.list.map((r) => r.id)).toContain(mine.id);
    expect(list.data.list.map((r) => r.id)).not.toContain(other.id);
    const totals = await t.get<PaymentTotals>(`${PAY}/userCountAmount`, { applicationId: appId }, { token: ut });
    expect(totals.meta.code).toBe(200);
    const full = await t.get<PaymentTotals>(`${PAY}/countAmount`, { applicationId: appId }, { token });
    expect(totals.data).toEqual(full.data);
    const view = await t.get<PaymentView>(`${PAY}/userView`, { id: mine.id, applicationId: appId }, { token: ut });
    expect(view.data.title).toBe('user screen');
    const download = (id: number, applicationId: number) =>
      t.app.inject({
        method: 'GET',
        url: `${PAY}/userDownloadFile?id=${id}&applicationId=${applicationId}&appId=student-admin&mcId=COM`,
        headers: t.headers({ token: ut }),
      });
    const dl = await download(mine.receipt[0]!.id, appId);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');

    // Always one application: without it 400; a record or file of another application is not found.
    expect((await t.get(`${PAY}/userList`, {}, { token: ut })).meta).toMatchObject({ code: 400 });
    expect((await t.get(`${PAY}/userCountAmount`, {}, { token: ut })).meta.code).toBe(400);
    expect((await t.get(`${PAY}/userView`, { id: other.id, applicationId: appId }, { token: ut })).meta.code).toBe(
      Code.NOT_FOUND,
    );
    expect((await download(mine.receipt[0]!.id, otherAppId).then((r) => r.json())).meta.code).toBe(Code.NOT_FOUND);
    // The transactions screen's calls (all records) stay closed to it; its own stay closed to a list-only member.
    expect((await t.get(`${PAY}/list`, {}, { token: ut })).meta.code).toBe(403);
    expect((await t.get(`${PAY}/countAmount`, { applicationId: appId }, { token: ut })).meta.code).toBe(403);
    expect((await t.get(`${PAY}/view`, { id: mine.id }, { token: ut })).meta.code).toBe(403);
    const { token: vt } = await t.login('payviewer', 'Staff#2026pass');
    expect((await t.get(`${PAY}/userList`, { applicationId: appId }, { token: vt })).meta.code).toBe(403);
  });

  it('keeps the summary equal to a fresh aggregate through create, update, confirm and void, parallel confirms too', async () => {
    const db = t.db.db;
    // The summary's key: one row per currency, type and status.
    const KEY = ['currency', 'type', 'status'] as const;
    const sorted = <T extends { currency: string; type: string; status: string }>(rows: T[]) =>
      rows
        .map((r) => ({ ...r }))
        .sort((a, b) => `${a.currency}${a.type}${a.status}`.localeCompare(`${b.currency}${b.type}${b.status}`));
    // The sums per key straight from the records (n counts them) or from the per-day totals (n adds theirs up).
    const sumsFrom = (source: 'paymentRecord' | 'paymentDayTotal') =>
      db
        .selectFrom(source)
        .select((eb) => [
          ...KEY,
          eb.fn.sum<number | string>('amountMinor').as('amountMinor'),
          (source === 'paymentRecord' ? eb.fn.countAll<number | string>() : eb.fn.sum<number | string>('n')).as('n'),
        ])
        .groupBy(KEY);
    const expectSummaryFresh = async () => {
      const summary = await db
        .selectFrom('paymentSummary')
        .select([...KEY, 'amountMinor', 'n'])
        .where('n', '!=', 0)
        .execute();
      const fresh = await sumsFrom('paymentRecord').execute();
      const num = (rows: typeof summary) =>
        sorted(rows).map((r) => ({ ...r, amountMinor: Number(r.amountMinor), n: Number(r.n) }));
      expect(num(summary)).toEqual(num(fresh));
      // The per-day totals (date-range filters) add up to the same.
      const byDay = await sumsFrom('paymentDayTotal')
        .having((eb) => eb.fn.sum('n'), '!=', 0)
        .execute();
      expect(num(byDay)).toEqual(num(fresh));
      // countAmount without a filter (summary) equals the view of a date range keeping every record (per-day
      // totals), and the list's total is the records' count.
      const fromSummary = await t.get<PaymentTotals>(`${PAY}/countAmount`, {}, { token });
      const fromDays = await t.get<PaymentTotals>(`${PAY}/countAmount`, { dateFrom: '1900-01-01' }, { token });
      expect(fromSummary.data).toEqual(fromDays.data);
      const total = (await t.get<Page<PaymentListItem>>(`${PAY}/list`, {}, { token })).data.total;
      expect(total).toBe(num(fresh).reduce((s, r) => s + r.n, 0));
    };
    await expectSummaryFresh();
    const a = (await create({ title: 'sum a', amount: '100.25', currency: 'USD' })).data;
    const b = (await create({ title: 'sum b', type: 'refund', amount: '40', currency: 'USD' })).data;
    const c = (await create({ title: 'sum c', amount: '5000', currency: 'JPY' })).data;
    await expectSummaryFresh();
    // Pending: amount, currency and type may change; each moves money between summary rows.
    const upd = await t.post(`${PAY}/update`, { ...form({ amount: '300', currency: 'EUR' }), id: a.id }, { token });
    expect(upd.meta.code).toBe(200);
    expect(
      (await t.post(`${PAY}/update`, { ...form({ type: 'refund', amount: '10' }), id: c.id }, { token })).meta.code,
    ).toBe(200);
    await expectSummaryFresh();
    expect((await t.post(`${PAY}/confirm`, { id: a.id }, { token })).meta.code).toBe(200);
    expect((await t.post(`${PAY}/void`, { id: b.id, reason: 'typo' }, { token })).meta.code).toBe(200);
    expect((await t.post(`${PAY}/void`, { id: a.id, reason: 'refunded' }, { token })).meta.code).toBe(200);
    await expectSummaryFresh();
    // Parallel confirmations of several records (and several presses of each) at once.
    const ids = [];
    for (let i = 0; i < 4; i++)
      ids.push((await create({ title: `par ${i}`, amount: `${i + 1}`, currency: 'HKD' })).data.id);
    const codes = await Promise.all(
      ids.flatMap((id) => Array.from({ length: 5 }, () => t.post(`${PAY}/confirm`, { id }, { token }))),
    ).then((all) => all.map((r) => r.meta.code));
    expect(codes.filter((x) => x === 200)).toHaveLength(ids.length);
    await expectSummaryFresh();
    const hkd = (await t.get<PaymentTotals>(`${PAY}/countAmount`, { currency: 'HKD' }, { token })).data.currencies;
    expect(hkd).toMatchObject([{ currency: 'HKD', confirmedMinor: 1000, pendingMinor: 0, count: 4 }]);
  });

  it('refuses (409) an edit from a version someone saved since, keeping their save and their receipt', async () => {
    const opened = (await create({ title: 'two editors' })).data;
    const receipt = await upload('first.png', PNG_1x1);
    const first = await t.post<PaymentView>(
      `${PAY}/update`,
      { ...form({ title: 'two editors', description: 'first' }), id: opened.id, version: opened.version, receipt },
      { token },
    );
    expect(first.meta.code, first.meta.message).toBe(200);
    expect(first.data.receipt).toHaveLength(1);
    // The second editor opened the same version, before the first saved, and sends no receipt.
    const second = await t.post<PaymentView>(
      `${PAY}/update`,
      { ...form({ title: 'two editors', description: 'second' }), id: opened.id, version: opened.version, receipt: '' },
      { token },
    );
    expect(second.meta.code, second.meta.message).toBe(Code.CONFLICT);
    const now = (await t.get<PaymentView>(`${PAY}/view`, { id: opened.id }, { token })).data;
    expect(now).toMatchObject({ description: 'first', version: first.data.version });
    expect(now.receipt.map((f) => f.name)).toEqual([receipt]);
    const dl = await t.app.inject({
      method: 'GET',
      url: `${PAY}/downloadFile?id=${now.receipt[0]!.id}&appId=student-admin&mcId=COM`,
      headers: t.headers({ token }),
    });
    expect(dl.statusCode).toBe(200);
    // From the version it now holds, the edit goes through.
    const again = await t.post<PaymentView>(
      `${PAY}/update`,
      { ...form({ title: 'two editors', description: 'second' }), id: opened.id, version: now.version, receipt },
      { token },
    );
    expect(again.meta.code, again.meta.message).toBe(200);
  });

  it('refuses (409) a confirmation from a version edited since, leaving the record pending', async () => {
    const listed = (await create({ title: 'confirm what was seen', amount: '100' })).data;
    const edited = await t.post<PaymentView>(
      `${PAY}/update`,
      { ...form({ title: 'confirm what was seen', amount: '1000' }), id: listed.id, version: listed.version },
      { token },
    );
    expect(edited.meta.code, edited.meta.message).toBe(200);
    const stale = await t.post<PaymentView>(`${PAY}/confirm`, { id: listed.id, version: listed.version }, { token });
    expect(stale.meta.code, stale.meta.message).toBe(Code.CONFLICT);
    const after = (await t.get<PaymentView>(`${PAY}/view`, { id: listed.id }, { token })).data;
    expect(after).toMatchObject({ status: 'pending', confirmedBy: null, amount: '1000.00' });
    expect((await tracksOf(listed.id)).filter((l) => l.operation === 'confirm')).toEqual([]);
    // With the version now read, it confirms; once confirmed, a stale version still hears "already confirmed".
    const ok = await t.post<PaymentView>(`${PAY}/confirm`, { id: listed.id, version: after.version }, { token });
    expect(ok.meta.code, ok.meta.message).toBe(200);
    const late = await t.post(`${PAY}/confirm`, { id: listed.id, version: listed.version }, { token });
    expect(late.meta.code).toBe(Code.PAYMENT_ALREADY_CONFIRMED);
  });

  it('keeps a comma inside an attachment’s original name', async () => {
    const receipt = await upload('invoice.pdf', PDF_MINI);
    const screenshot = await upload('shot.png', PNG_1x1);
    const res = await create({
      receipt: `${receipt}|Invoice March, 2026.pdf`,
      paymentScreenshots: `${screenshot}|a,,b, c.png,`,
    });
    expect(res.meta.code, res.meta.message).toBe(200);
    expect(res.data.receipt.map((f) => [f.name, f.originalName])).toEqual([[receipt, 'Invoice March, 2026.pdf']]);
    expect(res.data.paymentScreenshots.map((f) => f.originalName)).toEqual(['a,,b, c.png']);
    // Two items, the first's name with a comma: both attached, in order.
    const second = await upload('second.pdf', PDF_MINI);
    const contract = await upload('contract.pdf', PDF_MINI);
    const two = await create({ contractFiles: `${second}|Offer, signed.pdf,${contract}|Terms.pdf` });
    expect(two.meta.code, two.meta.message).toBe(200);
    expect(two.data.contractFiles.map((f) => f.originalName)).toEqual(['Offer, signed.pdf', 'Terms.pdf']);
  });

  it('shows a search hit’s amount in its currency’s own decimals', async () => {
    await create({ title: 'Yen hit zqx', amount: '500000', currency: 'JPY' });
    await create({ title: 'Dinar hit zqx', amount: '1.234', currency: 'BHD' });
    await create({ title: 'Pound hit zqx', amount: '1234.5', currency: 'GBP' });
    const res = await t.get<SearchResult>('/api/v1/cake/search', { keyword: 'zqx', types: 'payment' }, { token });
    expect(res.meta.code, res.meta.message).toBe(200);
    const hits = res.data.groups.find((g) => g.type === 'payment')?.hits ?? [];
    const detail = (word: string) => hits.find((h) => h.title.includes(word))?.detail;
    expect(detail('Yen')).toBe('JPY 500,000 · 2026-11-20');
    expect(detail('Dinar')).toBe('BHD 1.234 · 2026-11-20');
    expect(detail('Pound')).toBe('GBP 1,234.50 · 2026-11-20');
  });

  it('takes a comma only as a thousands separator, refusing (400) any other on the amount', async () => {
    const grouped = await create({ amount: '1,234.50' });
    expect(grouped.meta.code, grouped.meta.message).toBe(200);
    expect(grouped.data.amountMinor).toBe(123450);
    expect((await create({ amount: '1,234,567' })).data.amountMinor).toBe(123456700);
    for (const amount of ['12,50', '1,23', '1234,567', '0,500', ',5', '1,,234']) {
      const res = await create({ amount });
      expect(res.meta.code, amount).toBe(400);
      expect(res.meta.message, amount).toContain('amount');
    }
  });

  it('edits a record whose signing teacher has left or whose transfer method was disabled, refusing only new ones', async () => {
    const teacherId = await staffWith(t, 'payleaver', []);
    await t.db.db
      .insertInto('dictEntry')
      .values({
        type: DICT_TYPES.transferMethod,
        value: 'cheque_old',
        label: 'Cheque',
        sort: 99,
        status: 'enabled',
        createdAt: 0,
        updatedAt: 0,
      })
      .execute();
    const rec = (await create({ title: 'old refs', signingTeacherId: teacherId, transferMethod: 'cheque_old' })).data;
    expect(rec.signingTeacher?.id).toBe(teacherId);
    await t.db.db.updateTable('member').set({ status: 'inactive' }).where('id', '=', teacherId).execute();
    await t.db.db.updateTable('dictEntry').set({ status: 'disabled' }).where('value', '=', 'cheque_old').execute();
    const kept = { signingTeacherId: teacherId, transferMethod: 'cheque_old' };
    const edit = await t.post<PaymentView>(
      `${PAY}/update`,
      { ...form({ title: 'old refs', description: 'note added', ...kept }), id: rec.id, version: rec.version },
      { token },
    );
    expect(edit.meta.code, edit.meta.message).toBe(200);
    expect(edit.data).toMatchObject({ description: 'note added', transferMethod: 'cheque_old' });
    // Choosing them anew is still refused.
    const other = (await create({ title: 'new refs' })).data;
    for (const [o, field] of [
      [{ signingTeacherId: teacherId }, 'signingTeacherId'],
      [{ transferMethod: 'cheque_old' }, 'transferMethod'],
    ] as const) {
      const res = await t.post(`${PAY}/update`, { ...form({ title: 'new refs', ...o }), id: other.id }, { token });
      expect(res.meta.code, field).toBe(400);
      expect(res.meta.message, field).toContain(field);
    }
  });
});
