import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { projectApi } from '@study-crm/shared';
import { ACTIVE_PANE, confirmDialog, pickOption, screenshot, settleAnimations, poll, usePortal } from './harness.js';

const KPI = '/sadmin/projectManage/kpiTypeList';
const ALL = '/sadmin/projectManage/taskList';
const CONTRIBUTIONS = '/sadmin/projectManage/contributionList';
const MINE = '/sadmin/user/tasks';

const pane = (page: Page, testId: string) => page.locator(`${ACTIVE_PANE} [data-testid=${testId}]`);

async function submit(page: Page, formTestId: string) {
  await page.getByTestId(formTestId).locator('.ant-modal-footer .ant-btn-primary').click();
  await confirmDialog(page);
  await page.getByTestId(formTestId).waitFor({ state: 'hidden' });
}

describe('tasks, KPI types and contribution records end to end', () => {
  const portal = usePortal();
  beforeAll(async () => {
    // A project with the administrator as its manager, made as the project screens make it.
    await portal.api(projectApi.add, { name: 'Oxbridge 2027', status: 'active' });
  });

  it('adds a KPI type and a task, moves it on the board to done, and shows the contribution and KPI', async () => {
    const { page, context } = await portal.signedInPage();

    await page.goto(`${portal.baseUrl}${KPI}`);
    await pane(page, 'kpi-type-list').waitFor();
    await pane(page, 'kpi-add').click();
    await page.getByTestId('kpi-f-nameTw').waitFor({ state: 'visible' });
    await settleAnimations(page);
    await page.getByTestId('kpi-f-nameTw').fill('遞交申請');
    await page.getByTestId('kpi-f-nameCn').fill('递交申请');
    await page.getByTestId('kpi-f-nameEn').fill('Applications submitted');
    await page.getByTestId('kpi-f-unit').fill('份');
    await screenshot(page, 'kpi-type-form-zh-TW', { settle: true });
    await submit(page, 'kpi-form');
    await poll(() => pane(page, 'kpi-table').innerText()).toContain('遞交申請');

    await page.goto(`${portal.baseUrl}${ALL}`);
    await pane(page, 'task-list-all').waitFor();
    await pane(page, 'task-add').click();
    await page.getByTestId('task-f-title').waitFor({ state: 'visible' });
    await settleAnimations(page);
    await pickOption(page, page.getByTestId('task-f-project'), 'Oxbridge 2027');
    await page.getByTestId('task-f-title').fill('遞交陳大文的 UCAS 申請');
    await pickOption(page, page.getByTestId('task-f-assignee'), 'Administrator');
    await pickOption(page, page.getByTestId('task-f-kpi'), '遞交申請');
    await page.locator('input[data-testid=task-f-points], [data-testid=task-f-points] input').first().fill('5');
    await screenshot(page, 'task-form-zh-TW', { settle: true });
    await submit(page, 'task-form');
    await poll(() => pane(page, 'task-table').innerText()).toContain('遞交陳大文的 UCAS 申請');
    await screenshot(page, 'task-list-zh-TW', { settle: true });

    // My tasks, as a board: drag the card from "to do" to "in progress", then to "done".
    await page.goto(`${portal.baseUrl}${MINE}`);
    await pane(page, 'task-list-mine').waitFor();
    await pane(page, 'task-view-board').click();
    const card = (status: string) => pane(page, `board-${status}`).getByTestId('board-card');
    await poll(() => card('todo').count()).toBe(1);
    await card('todo').dragTo(pane(page, 'board-doing'));
    await poll(() => card('doing').count()).toBe(1);
    await card('doing').dragTo(pane(page, 'board-done'));
    await poll(() => card('done').count()).toBe(1);
    await screenshot(page, 'task-board-zh-TW', { settle: true });

    // The done task wrote its contribution record; the KPI summary counts its points.
    await page.goto(`${portal.baseUrl}${CONTRIBUTIONS}`);
    await pane(page, 'contribution-list').waitFor();
    await poll(() => pane(page, 'contribution-table').innerText()).toContain('遞交陳大文的 UCAS 申請');
    await poll(() => pane(page, 'contribution-total').innerText()).toContain('5');
    await poll(() => pane(page, 'kpi-summary').innerText()).toContain('Administrator');
    expect(await pane(page, 'kpi-summary').innerText()).toMatch(/Administrator\s+5\s+5/);
    await screenshot(page, 'contribution-list-zh-TW', { settle: true });
    await context.close();
  });

  it('renders the board and the records in en-US', async () => {
    const { page, context } = await portal.signedInPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.goto(`${portal.baseUrl}${MINE}`);
    await pane(page, 'task-list-mine').waitFor();
    await poll(() => pane(page, 'task-table').innerText()).toContain('Done');
    await pane(page, 'task-view-board').click();
    await poll(() => pane(page, 'board-done').innerText()).toContain('Done');
    await screenshot(page, 'task-board-en-US', { settle: true });
    await page.goto(`${portal.baseUrl}${CONTRIBUTIONS}`);
    await poll(() => pane(page, 'kpi-summary').innerText()).toContain('KPI summary (past 30 days)');
    await screenshot(page, 'contribution-list-en-US', { settle: true });
    await context.close();
  });
});
