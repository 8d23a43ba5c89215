import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACTIVE_PANE, LIGHT_THEME, ROW, screenshot, settleAnimations, signIn, poll, usePortal } from './harness.js';
import { insertPayments } from '../apps/server/src/test/rows.js';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const CHARTS = [
  'chart-per-day',
  'chart-by-status',
  'chart-payments-GBP',
  'chart-payments-JPY',
  'chart-follow-ups',
  'chart-emails',
  'chart-sms',
];

// Every chart drew on its canvas (not the "no data" placeholder), at the card's full width.
async function chartsDrawn(page: Page) {
  await page.getByTestId('dashboard').waitFor();
  for (const id of CHARTS) {
    const canvas = page.locator(`[data-testid="${id}"] canvas`);
    await canvas.waitFor();
    const box = await canvas.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(box?.height).toBeGreaterThan(200);
  }
  await settleAnimations(page);
}

// The pages here ask for reduced motion (harness): each chart is drawn whole at once, without ECharts' entry
// animation (bars growing, slices sweeping). Watches a chart's canvas frame by frame, from its first drawing until a
// second and a half later, and answers how many different drawings it held (1: drawn whole at once). Started before
// the dashboard opens, so that no frame is missed.
function drawingsOf(page: Page, testId: string): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const seen = new Set<string>();
        const started = performance.now();
        let first = 0;
        const frame = () => {
          const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="${id}"] canvas`);
          const now = performance.now();
          // (A canvas not yet painted is passed over: as empty as a new one of its size.)
          const empty =
            canvas && Object.assign(document.createElement('canvas'), { width: canvas.width, height: canvas.height });
          if (canvas && canvas.toDataURL() !== empty!.toDataURL()) {
            first ||= now;
            seen.add(`${canvas.width}x${canvas.height} ${canvas.toDataURL()}`);
          }
          if (first && now - first > 1_500) resolve(seen.size);
          else if (now - started > 30_000) reject(new Error(`${id} was not drawn`));
          else requestAnimationFrame(frame);
        };
        frame();
      }),
    testId,
  );
}

describe('dashboard end to end', () => {
  const portal = usePortal({ DELIVERY_WORKER: 'off' });
  const now = Date.now();
  const today = isoDay(now);

  // Figures of the past 30 days: three applications today, one five days ago, one outside the period; payments in
  // two currencies; follow-ups; e-mail recipients; the administrator's to-dos.
  beforeAll(async () => {
    const db = portal.db;
    const apps: [string, string, string][] = [
      ['王小明', today, 'submitted'],
      ['李小華', today, 'offer_conditional'],
      ['陳大文', today, 'enrolled'],
      ['張美玲', isoDay(now - 5 * DAY), 'offer_unconditional'],
      ['林志強', isoDay(now - 40 * DAY), 'submitted'],
    ];
    const ids: number[] = [];
    for (const [name, applicationDate, status] of apps) {
      const row = await db
        .insertInto('application')
        .values({ name, searchName: name, applicationDate, status, version: 1, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    await insertPayments(db, { applicationId: ids[0]!, student: '王小明', date: today, now }, [
      [250000, 'GBP', 'collection', 'confirmed'],
      [120000, 'GBP', 'collection', 'pending'],
      [30000, 'GBP', 'refund', 'confirmed'],
      [1500000, 'JPY', 'collection', 'confirmed'],
    ]);
    const follow = (number: number, isDone: number) => ({
      applicationId: ids[1]!,
      number,
      service: 'visa',
      isDone,
      doneAt: isDone ? now : null,
      status: 'open',
      createdAt: now,
      updatedAt: now,
    });
    await db
      .insertInto('followUp')
      .values([follow(1, 1), follow(2, 1), follow(3, 0)])
      .execute();
    const mail = (status: 'queued' | 'sent' | 'failed', channel: 'email' | 'sms' = 'email') => ({
      channel,
      messageId: 1,
      recipient: 'student@example.com',
      status,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await db
      .insertInto('deliveryOutbox')
      .values([mail('sent'), mail('sent'), mail('sent'), mail('failed'), mail('sent', 'sms'), mail('failed', 'sms')])
      .execute();
    const admin = await db.selectFrom('member').select('id').where('loginName', '=', 'admin').executeTakeFirstOrThrow();
    const todo = (dueAt: number | null) => ({
      memberId: admin.id,
      kind: 'task',
      title: 'Call the student',
      dueAt,
      done: 0,
      createdAt: now,
      updatedAt: now,
    });
    await db
      .insertInto('memberTodo')
      .values([todo(now - DAY), todo(now + 2 * DAY)])
      .execute();
  });

  it('draws every chart from the figures (zh-TW, dark) and a bar opens the filtered application list', async () => {
    const { page, context } = await portal.signedInPage();
    // The dashboard is one entry of the user menu.
    await page.getByTestId('user-menu').click();
    await page.locator('.ant-dropdown-menu-item', { hasText: '儀表板' }).click();
    const drawings = drawingsOf(page, 'chart-by-status');
    await page.waitForURL(/\/sadmin\/home\/index$/);
    await chartsDrawn(page);
    expect(await drawings, 'the chart moved after it was first drawn').toBe(1);
    await expect(page.getByTestId('kpi-new-applications').innerText()).resolves.toContain('4');
    await expect(page.getByTestId('kpi-todos').innerText()).resolves.toContain('2');
    await expect(page.getByTestId('kpi-emails-failed').innerText()).resolves.toContain('1');
    await expect(page.getByTestId('kpi-sms-failed').innerText()).resolves.toContain('1');
    await expect(page.getByTestId('kpi-follow-ups').innerText()).resolves.toContain('67%');
    await screenshot(page, 'dashboard-zh-TW-dark');

    // The to-do figure opens the message box's full list on its to-do tab, with the two open to-dos.
    await page.getByTestId('kpi-todos').click();
    const all = page.getByTestId('box-all');
    await all.waitFor();
    await expect(all.locator('.ant-tabs-tab-active').innerText()).resolves.toContain('待辦');
    await poll(() => all.getByTestId('box-item-todo').count()).toBe(2);
    await page.keyboard.press('Escape');
    await all.waitFor({ state: 'hidden' });

    // The last bar of the per-day chart is today (three applications, the tallest): click inside it (in view:
    // the cards above may push it below the fold).
    await page.locator('[data-testid="chart-per-day"]').scrollIntoViewIfNeeded();
    await settleAnimations(page);
    const box = (await page.locator('[data-testid="chart-per-day"]').boundingBox())!;
    await page.mouse.click(box.x + box.width - 16 - (box.width - 56) / 60, box.y + box.height - 40);
    await page.waitForURL((url) => url.pathname.endsWith('/applicationList'));
    const url = new URL(page.url());
    expect(url.searchParams.get('f.dateFrom')).toBe(today);
    expect(url.searchParams.get('f.dateTo')).toBe(today);
    await poll(() => page.locator(ROW).count()).toBe(3);
    await context.close();
  });

  it('opens the enrolled applications from their card (en-US, light)', async () => {
    const { page, context } = await portal.signedInPage({
      locale: 'en-US',
      storage: { 'cake-locale': 'en-US', ...LIGHT_THEME },
    });
    await page.goto(`${portal.baseUrl}/sadmin/home/index`);
    await chartsDrawn(page);
    await expect(page.getByTestId('chart-payments-GBP-card').innerText()).resolves.toContain('Payments (GBP)');
    await screenshot(page, 'dashboard-en-US-light');
    await page.getByTestId('kpi-enrolled').click();
    await page.waitForURL((url) => url.pathname.endsWith('/applicationList'));
    expect(new URL(page.url()).searchParams.get('f.status')).toBe('enrolled');
    await poll(() => page.locator(ROW).count()).toBe(1);
    await expect(page.locator(ROW).first().innerText()).resolves.toContain('陳大文');
    await screenshot(page, 'dashboard-enrolled-list-en-US');
    await context.close();
  });

  it('shows the same dashboard in zh-TW light and en-US dark', async () => {
    for (const [locale, theme] of [
      ['zh-TW', 'light'],
      ['en-US', 'dark'],
    ] as const) {
      const { page, context } = await portal.newPage({
        locale,
        storage: { 'cake-locale': locale, 'sadmin-settings': JSON.stringify({ state: { theme }, version: 1 }) },
      });
      await signIn(page, portal.baseUrl);
      await page.goto(`${portal.baseUrl}/sadmin/home/index`);
      await chartsDrawn(page);
      await page.locator(ACTIVE_PANE).first().waitFor();
      await screenshot(page, `dashboard-${locale}-${theme}`);
      // The lower half: payments per currency, follow-ups, e-mails and SMS.
      await page.getByTestId('chart-sms').scrollIntoViewIfNeeded();
      await settleAnimations(page);
      await screenshot(page, `dashboard-${locale}-${theme}-lower`);
      await context.close();
    }
  });
});
