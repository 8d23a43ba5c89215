import { beforeAll, describe, expect, it } from 'vitest';
import { applicationApi, paymentApi } from '@study-crm/shared';
import { ROW, screenshot, settleAnimations, usePortal } from './harness.js';

// Issue 41: "Erase personal data" on an account — the dry run dialog, the confirmation, and the payment list showing
// the pseudonym where the student's name was.
describe('erasing a student', () => {
  const portal = usePortal();
  let erasable: number;
  let blocked: number;
  const NAME = 'Quintessa Marrowby';

  beforeAll(async () => {
    // An enrolled student with a confirmed payment (erasable), and one with an application still open (refused).
    const student = async (name: string, email: string, status: string) => {
      const created = await portal.api(applicationApi.create, {
        name,
        engFirstName: name.split(' ')[0]!,
        engLastName: name.split(' ')[1]!,
        email,
        applicationDate: '2026-11-01',
      });
      await portal.api(applicationApi.updateOther, { id: created.id, version: 1, status });
      const pay = await portal.api(paymentApi.create, {
        applicationId: created.id,
        title: 'Tuition deposit',
        type: 'collection',
        transactionDate: '2026-11-20',
        amount: '1500',
        currency: 'GBP',
      });
      await portal.api(paymentApi.confirm, { id: pay.id });
      return Number(created.studentId);
    };
    erasable = await student(NAME, 'quintessa@example.com', 'enrolled');
    blocked = await student('Barnaby Open', 'barnaby@example.com', 'processing');
  });

  it('shows the dry run, erases after the confirmation, and the payment list shows the pseudonym', async () => {
    const { page, context } = await portal.signedInPage();
    await page.goto(`${portal.baseUrl}/sadmin/employee/accountList`);
    await page.getByTestId(`erase-${erasable}`).click();
    const plan = page.getByTestId('erase-plan');
    await expect.poll(() => plan.locator('tr[data-row-key]').count()).toBeGreaterThan(3);
    await expect.poll(() => plan.innerText()).toMatch(/Erased person #[0-9a-f]{10}/);
    expect(await plan.innerText()).toContain('付款記錄');
    await settleAnimations(page);
    await screenshot(page, 'erasure-dry-run-zh-TW');
    const erased = page.waitForResponse((r) => r.url().includes('/privacy/erasure/erase'));
    await page.getByTestId('erase-submit').click();
    await page.getByTestId('erase-confirm').click();
    const body = (await (await erased).json()) as { meta: { code: number }; data: { pseudonym: string } };
    expect(body.meta.code).toBe(200);

    await page.goto(`${portal.baseUrl}/sadmin/transactionsManage/transactions`);
    await expect
      .poll(() =>
        page
          .locator(ROW)
          .allInnerTexts()
          .then((t) => t.join('\n')),
      )
      .toContain(body.data.pseudonym);
    expect((await page.locator(ROW).allInnerTexts()).join('\n')).not.toContain('Quintessa');
    await screenshot(page, 'erasure-payments-zh-TW');
    await context.close();
  });

  it('names what stands in the way, in English', async () => {
    const { page, context } = await portal.signedInPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.goto(`${portal.baseUrl}/sadmin/employee/accountList`);
    await page.getByTestId(`erase-${blocked}`).click();
    const plan = page.getByTestId('erase-plan');
    await expect.poll(() => plan.innerText()).toContain('an open application');
    await expect.poll(() => page.getByTestId('erase-submit').isDisabled()).toBe(true);
    await settleAnimations(page);
    await screenshot(page, 'erasure-refused-en-US');
    await context.close();
  });
});
