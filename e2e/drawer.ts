import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { settleAnimations } from './harness.js';

// Drawers, downloads and the sheets they hold, for the screens that upload a sheet and download files (import, SMS).

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

// The workbook a download holds.
export async function workbookOf(download: Download): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
  return wb;
}

// The first sheet of a workbook file (a download's path).
export async function firstSheet(file: string): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  return book.worksheets[0]!;
}

// Every row of a sheet as text, an empty cell as '' (the server tests' reader).
export { worksheetRows as sheetRows } from '../apps/server/src/test/sms-fixtures.js';
