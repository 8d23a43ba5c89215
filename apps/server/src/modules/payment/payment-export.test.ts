import { beforeAll, describe, expect, it } from 'vitest';
import { Code, PERM } from '@study-crm/shared';
import type { ApplicationSaved, Page, PaymentListItem, PaymentView } from '@study-crm/shared';
import type { Values } from '../../test/harness.js';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';
import { exportCalls } from '../../test/export-fixtures.js';
import { useTestApp } from '../../test/signed-in.js';

const PAY = '/api/v1/mc/paymentRecord';

// The payment records list's export (issue 39): the list's rows for its filters and sort, money in its currency.
describe('payment list export', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  let noList: { token: string };
  let appId: number;
  const create = (o: Values) =>
    t.post<PaymentView>(
      `${PAY}/create`,
      {
        applicationId: appId,
        type: 'collection',
        transactionDate: '2026-11-20',
        transferMethod: 'bank_transfer',
        ...o,
      },
      t.admin,
    );
  const { file, start: startExport, sheet: exportedSheet, directSheet } = exportCalls(t);

  beforeAll(async () => {
    await staffWith(t, 'nopay', [PERM.feedbackList]);
    noList = await t.login('nopay', 'Staff#2026pass');
    appId = (await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ name: 'Payer One' }), t.admin)).data.id;
    const a = await create({ title: '=Deposit', amount: '1200.50', currency: 'GBP' });
    await create({
      title: 'Refund part',
      type: 'refund',
      amount: '200',
      currency: 'GBP',
      transactionDate: '2026-11-22',
    });
    await create({ title: 'Fee in euros', amount: '99.99', currency: 'EUR', transactionDate: '2026-11-21' });
    expect((await t.post(`${PAY}/confirm`, { id: a.data.id }, t.admin)).meta.code).toBe(200);
  });

  it('exports the filtered, sorted list as the list shows it: money in its currency, dates, the status label', async () => {
    const filters = { currency: 'GBP', sortField: 'transactionDate', order: 'asc' };
    const list = await t.get<Page<PaymentListItem>>(`${PAY}/list`, filters, t.admin);
    expect(list.data.list.map((r) => r.title)).toEqual(['=Deposit', 'Refund part']);
    const { sheet, header, col } = await directSheet('payment', filters, 2);
    expect(header.slice(0, 6)).toEqual(['Payment date', 'Title', 'Type', 'Amount', 'Currency', 'Status']);
    const [dep, refund] = [sheet.getRow(2), sheet.getRow(3)];
    expect((dep.getCell(col('Payment date')).value as Date).toISOString().slice(0, 10)).toBe('2026-11-20');
    expect(dep.getCell(col('Payment date')).numFmt).toBe('yyyy-mm-dd');
    // A title that would be a formula stays text.
    expect(dep.getCell(col('Title')).value).toBe("'=Deposit");
    expect(dep.getCell(col('Amount')).value).toBe(1200.5);
    expect(dep.getCell(col('Amount')).numFmt).toBe('"GBP" #,##0.00;"GBP" -#,##0.00');
    expect(dep.getCell(col('Currency')).value).toBe('GBP');
    expect(dep.getCell(col('Status')).value).toBe('Confirmed');
    expect(dep.getCell(col('Transfer method')).value).toBe('Bank transfer');
    expect(dep.getCell(col('Student')).value).toBe('Payer One');
    expect(dep.getCell(col('Confirmed at')).value).toBeInstanceOf(Date);
    expect((dep.getCell(col('Confirmed at')).value as Date).getTime()).toBe(list.data.list[0]!.confirmedAt);
    expect(refund.getCell(col('Type')).value).toBe('Refund');
    expect(refund.getCell(col('Amount')).value).toBe(-200);
    expect(refund.getCell(col('Status')).value).toBe('Pending confirmation');
    expect(refund.getCell(col('Confirmed at')).value).toBeNull();

    const zh = await exportedSheet('payment', filters, 'zh-CN');
    expect(zh.getRow(1).getCell(6).value).toBe('状态');
    expect(zh.getRow(2).getCell(6).value).toBe('已确认');
    expect(zh.getRow(2).getCell(7).value).toBe('银行转帐'); // the web's converter (opencc-js) gives the same
  });

  it('refuses a caller without the list’s permission (403)', async () => {
    const start = await startExport('payment', {}, noList.token);
    expect(start.meta.code).toBe(Code.FORBIDDEN);
    const res = await file({ list: 'payment', filters: '{}', locale: 'en-US' }, noList.token);
    expect(res.json().meta.code).toBe(Code.FORBIDDEN);
  });
});
