import { describe, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import { downloadFrom, openDrawer, openDrawerWith, sheetRows, workbookOf } from './drawer.js';
import { ACTIVE_PANE, screenshot, settleAnimations, signIn, usePortal } from './harness.js';

const LIST_PATH = '/sadmin/applicationManage/applicationList';
// The template filled in: the example row replaced by two good applications and one with a bad e-mail, each a
// student of their own (e-mail and mobile differ by row and by `run`: a student who already applied for the
// example's course is refused, decision 342).
async function filledTemplate(template: ExcelJS.Workbook, run: number): Promise<Buffer> {
  const ws = template.worksheets[0]!;
  const example = ws.getRow(2).values as unknown[];
  const row = (name: string, email: string, n: number) => {
    const cells = example.slice(1).map((v) => (v === null || v === undefined ? '' : String(v)));
    cells[0] = name;
    cells[7] = email;
    cells[9] = `91100${run}00${n}`;
    return cells;
  };
  ws.spliceRows(2, 1);
  ws.addRow(row('林小華', `hua.import${run}@example.com`, 1));
  ws.addRow(row('壞郵件', 'not-an-email', 2));
  ws.addRow(row('王大明', `ming.import${run}@example.com`, 3));
  return Buffer.from(await template.xlsx.writeBuffer());
}

describe('importing applications from a sheet, end to end', () => {
  const portal = usePortal();

  for (const locale of ['zh-TW', 'en-US'] as const) {
    it(`downloads the template, reads the dry run of a sheet with one bad row, imports the valid rows (${locale})`, async () => {
      const { page, context } = await portal.newPage(
        locale === 'en-US' ? { locale: 'en-US', storage: { 'cake-locale': 'en-US' } } : {},
      );
      await signIn(page, portal.baseUrl);
      await page.goto(`${portal.baseUrl}${LIST_PATH}`);
      await openDrawerWith(page, page.locator(`${ACTIVE_PANE} [data-testid=application-import]`));

      const templateFile = await downloadFrom(page, openDrawer(page).getByTestId('import-template'));
      const template = await workbookOf(templateFile);
      const header = sheetRows(template.worksheets[0]!)[0]!;
      expect(header[0]).toBe(locale === 'en-US' ? 'Student name' : '學生姓名');
      expect(template.worksheets[1]!.name).toBe(locale === 'en-US' ? 'Allowed values' : '允許值');

      await openDrawer(page)
        .locator('input[type=file]')
        .setInputFiles({
          name: 'applications.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: await filledTemplate(template, locale === 'en-US' ? 2 : 1),
        });
      const summary = openDrawer(page).getByTestId('import-summary');
      await summary.waitFor({ state: 'visible', timeout: 30_000 });
      const preview = openDrawer(page).getByTestId('import-preview');
      await expect.poll(() => preview.locator('tr[data-row-key]').count()).toBe(3);
      const refused = preview.locator('tr[data-row-key="3"]');
      expect(await refused.innerText()).toMatch(locale === 'en-US' ? /E-mail/ : /電子郵件|郵件/);
      await settleAnimations(page);
      await screenshot(page, `import-dry-run-${locale}`);

      // Only the valid rows (the drawer picks it when rows are refused).
      expect(await openDrawer(page).getByTestId('import-mode-valid').isChecked()).toBe(true);
      await openDrawer(page).getByTestId('import-run').click();
      const done = openDrawer(page).getByTestId('import-done');
      await done.waitFor({ state: 'visible', timeout: 60_000 });
      expect(await done.innerText()).toMatch(locale === 'en-US' ? /2 added, 0 changed, 1 refused/ : /新增 2/);
      await settleAnimations(page);
      await screenshot(page, `import-done-${locale}`);

      // The write ran as a background job: its progress bar, and the result sheet as the job's file.
      expect(await done.getByTestId('job-progress').innerText()).toContain(
        locale === 'en-US' ? 'Import finished' : '匯入完成',
      );
      const resultFile = await downloadFrom(page, done.getByTestId('job-download'));
      const result = sheetRows((await workbookOf(resultFile)).worksheets[0]!);
      expect(result[0]!.slice(0, 3)).toEqual(
        locale === 'en-US' ? ['Row', 'Outcome', 'Reason'] : ['列', '結果', '原因'],
      );
      expect(result.map((r) => r[1])).toEqual(
        locale === 'en-US' ? ['Outcome', 'added', 'refused', 'added'] : ['結果', '已新增', '拒絕', '已新增'],
      );
      expect(result[2]![2]).not.toBe('');
      expect(result[2]![3]).toBe('壞郵件');
      await context.close();
    }, 180_000);
  }
});
