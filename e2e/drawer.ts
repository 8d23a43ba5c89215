import type { Download, Locator, Page } from 'playwright-core';
import { settleAnimations } from './harness.js';

// Drawers and downloads, for the screens that upload a sheet and download files (import, SMS).

// The drawer that is open (the last one opened).
export const openDrawer = (page: Page) => page.locator('.ant-drawer.ant-drawer-open').last();

// Presses a button that opens a drawer and waits until the drawer is shown and has settled.
export async function openDrawerWith(page: Page, button: Locator): Promise<Locator> {
  await button.click();
  await openDrawer(page).waitFor({ state: 'visible' });
  await settleAnimations(page);
  return openDrawer(page);
}

// What pressing this button downloads.
export async function downloadFrom(page: Page, button: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return download;
}
