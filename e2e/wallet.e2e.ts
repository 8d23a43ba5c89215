import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createRole, createStaff, STAFF_PASSWORD } from '../apps/server/src/test/access-fixtures.js';
import { ADMIN, confirmDialog, screenshot, settleAnimations, signIn, poll, usePortal } from './harness.js';

async function settle(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
  await settleAnimations(page);
  await page.waitForTimeout(300);
}

// Creates a wallet through the screen, backs it up, fails the check once, passes it and activates. Returns the
// address the screen showed. Screenshots of every step in the page's language.
async function createAndActivate(page: Page, baseUrl: string, password: string, lang: string, strings: Strings) {
  await page.goto(`${baseUrl}/sadmin/user/wallet`);
  await page.getByTestId('wallet-create').waitFor();
  await settle(page);
  await screenshot(page, `wallet-create-${lang}`);

  // A wrong password is said under the field.
  await page.getByTestId('wallet-password').fill('Wrong#password1');
  await page.getByTestId('wallet-create').click();
  await page.locator('.ant-form-item-explain-error', { hasText: strings.wrongPassword }).waitFor();
  await page.getByTestId('wallet-password').fill(password);
  await page.getByTestId('wallet-create').click();

  await page.getByTestId('wallet-mnemonic').waitFor();
  const words = (await page.getByTestId('wallet-word').allInnerTexts()).map((w) => w.trim());
  expect(words).toHaveLength(12);
  expect(await page.getByTestId('wallet-private-key').innerText()).toMatch(/^0x[0-9a-f]{64}$/);
  expect(await page.getByTestId('wallet-to-check').isDisabled()).toBe(true);
  await settle(page);
  await screenshot(page, `wallet-backup-${lang}`);
  await page.getByTestId('wallet-backed-up').click();
  await page.getByTestId('wallet-to-check').click();

  // The check: three positions asked; the secrets are gone from the screen.
  await page.getByTestId('wallet-check-form').waitFor();
  expect(await page.getByTestId('wallet-mnemonic').count()).toBe(0);
  const labels = await page.locator('[data-testid=wallet-check-form] label').allInnerTexts();
  const positions = labels.map((l) => Number(/\d+/.exec(l)![0]));
  expect(positions).toHaveLength(3);
  const answer = (p: number) => words[p - 1]!;

  await page.getByTestId('wallet-word1').fill(answer(positions[0]!));
  await page.getByTestId('wallet-word2').fill(answer(positions[1]!) === 'zoo' ? 'abandon' : 'zoo');
  await page.getByTestId('wallet-word3').fill(answer(positions[2]!));
  await page.getByTestId('wallet-activate').click();
  await confirmDialog(page);
  await page.getByTestId('wallet-check-error').waitFor();
  expect(await page.getByTestId('wallet-check-error').innerText()).toContain(strings.mismatch);
  await settle(page);
  await screenshot(page, `wallet-check-${lang}`);

  await page.getByTestId('wallet-word2').fill(answer(positions[1]!));
  await page.getByTestId('wallet-activate').click();
  const dialog = page.locator('.ant-modal-confirm:not(.ant-zoom-leave)').last();
  await dialog.waitFor();
  await settleAnimations(page);
  await screenshot(page, `wallet-activate-confirm-${lang}`);
  await confirmDialog(page);

  await poll(() => page.getByTestId('wallet-status').innerText()).toBe(strings.activated);
  await settle(page);
  await screenshot(page, `wallet-activated-${lang}`);
  expect(await page.getByTestId('wallet-private-key').count()).toBe(0);
  return (await page.getByTestId('wallet-address').innerText()).trim();
}

type Strings = { wrongPassword: string; mismatch: string; activated: string };

// Issue 19: the member creates a wallet, backs it up, passes the three-word check and activates it.
describe('member wallet end to end', () => {
  const portal = usePortal();

  it('creates and activates a wallet in zh-TW; the address is in the user state after a reload', async () => {
    const { page, context } = await portal.signedInPage();
    const address = await createAndActivate(page, portal.baseUrl, ADMIN.password, 'zh-TW', {
      wrongPassword: '密碼錯誤',
      mismatch: '輸入的單字與您的助記詞不符，還可再試 4 次',
      activated: '已啟用',
    });
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const row = await portal.db.selectFrom('memberWallet').select(['address', 'activatedAt']).executeTakeFirst();
    expect(row?.address).toBe(address);
    expect(row?.activatedAt).not.toBeNull();

    // Reloaded: the page shows the public side only, and the profile the app loads carries the address.
    const profileLoad = page.waitForResponse((r) => r.url().includes('/api/v1/member/profile'));
    await page.reload();
    const profile = (await (await profileLoad).json()) as { data: { playData: { walletAddress: string | null } } };
    await page.getByTestId('wallet-details').waitFor();
    expect(profile.data.playData.walletAddress).toBe(address);
    await context.close();
  });

  it('creates and activates a wallet in en-US as a staff member', async () => {
    const role = await createRole(portal.db, 'ROLE_WALLET_E2E', []);
    await createStaff(portal.db, 'walletuser', [role]);
    const { page, context } = await portal.newPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await signIn(page, portal.baseUrl, 'walletuser', STAFF_PASSWORD);
    const address = await createAndActivate(page, portal.baseUrl, STAFF_PASSWORD, 'en-US', {
      wrongPassword: 'Incorrect password',
      mismatch: 'The words do not match your recovery phrase; tries left: 4',
      activated: 'Activated',
    });
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await context.close();
  });
});
