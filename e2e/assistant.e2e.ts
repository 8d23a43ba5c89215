import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ACTIVE_PANE,
  LIGHT_THEME,
  ROW,
  confirmDialog,
  poll,
  screenshot,
  settleAnimations,
  signIn,
  usePortal,
} from './harness.js';
import { watchCspViolations } from './page-errors.js';

const PANEL = '[data-testid="xiaok-panel"]';
const ANSWER = `${PANEL} [data-testid="xiaok-message"][data-role="assistant"]`;

// Opens XiaoK from the navbar (on whatever screen is shown).
async function openXiaoK(page: Page) {
  await page.getByTestId('xiaok-open').click();
  await page.locator(PANEL).waitFor({ state: 'visible' });
  await settleAnimations(page);
}

// Asks a question and waits for its answer to finish; returns the answer's element.
async function askXiaoK(page: Page, question: string) {
  const before = await page.locator(ANSWER).count();
  await page.getByTestId('xiaok-input').fill(question);
  await page.getByTestId('xiaok-input').press('Enter');
  const answer = page.locator(ANSWER).nth(before);
  await poll(() => answer.getAttribute('data-status')).toBe('ok');
  return answer;
}

const settingsOf = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('sadmin-settings') ?? '{}') as { state?: { clickChatNum?: number } }).state,
  );

describe('XiaoK, the assistant, end to end', () => {
  const portal = usePortal({ DELIVERY_WORKER: 'off' });

  // Three applications hold an unconditional offer (waiting for their CAS), two others do not.
  beforeAll(async () => {
    const now = Date.now();
    const apps: [string, string][] = [
      ['王小明', 'offer_unconditional'],
      ['李小華', 'offer_unconditional'],
      ['陳大文', 'offer_unconditional'],
      ['張美玲', 'submitted'],
      ['林志強', 'offer_conditional'],
    ];
    await portal.db
      .insertInto('application')
      .values(
        apps.map(([name, status]) => ({
          name,
          searchName: name,
          applicationDate: '2026-11-01',
          status,
          version: 1,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  });

  it('answers in zh-TW (dark) with the CAS figure and the payment records card, and follows a link', async () => {
    const { page, context } = await portal.newPage();
    // The panel's styles and the streamed answer stay within the content security policy.
    const violations = await watchCspViolations(page);
    await signIn(page, portal.baseUrl);
    await page.locator(ROW).first().waitFor();
    await openXiaoK(page);
    await expect(page.getByTestId('xiaok-empty').innerText()).resolves.toContain('您好，我是小K');
    expect((await settingsOf(page))?.clickChatNum).toBe(1);

    const cas = await askXiaoK(page, '有多少申請在等待 CAS？');
    await expect(cas.innerText()).resolves.toContain('目前有 3 件申請的狀態為「無條件錄取」');
    await expect(cas.getByTestId('xiaok-links').innerText()).resolves.toContain('申請列表 · 無條件錄取');

    const how = await askXiaoK(page, '如何新增付款記錄？');
    await expect(how.innerText()).resolves.toContain('這在「付款記錄」畫面操作');
    await expect(how.innerText()).resolves.toContain('按「新增付款」');
    await screenshot(page, 'assistant-zh-TW-dark', { settle: true });

    // The answer's link opens the payment records screen inside the portal, and the panel closes.
    await how.getByTestId('xiaok-links').getByRole('link', { name: '付款記錄' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/transactionsManage/transactions'));
    await page.locator(PANEL).waitFor({ state: 'hidden' });
    await page.locator(`${ACTIVE_PANE} table`).first().waitFor();

    // The panel keeps the conversation when opened again, from another screen; each opening is counted.
    await openXiaoK(page);
    await poll(() => page.locator(ANSWER).count()).toBe(2);
    expect((await settingsOf(page))?.clickChatNum).toBe(2);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('answers in en-US (light), follows the filtered list link, and keeps and deletes conversations', async () => {
    const { page, context } = await portal.signedInPage({
      locale: 'en-US',
      storage: { 'cake-locale': 'en-US', ...LIGHT_THEME },
    });
    await page.locator(ROW).first().waitFor();
    await openXiaoK(page);

    const cas = await askXiaoK(page, 'How many applications are waiting for a CAS?');
    await expect(cas.innerText()).resolves.toContain('3 applications have the status "Unconditional offer"');
    const how = await askXiaoK(page, 'How do I add a payment record?');
    await expect(how.innerText()).resolves.toContain('This is done on the Payment records screen');
    await expect(how.innerText()).resolves.toContain('click "Add payment"');
    await expect(how.getByTestId('xiaok-cards').innerText()).resolves.toContain('Related help');
    await screenshot(page, 'assistant-en-US-light', { settle: true });

    // The history lists the conversations, this one (the newest) first, then the zh-TW one of the same member; a
    // new conversation starts empty.
    await page.getByTestId('xiaok-new').click();
    await page.getByTestId('xiaok-empty').waitFor();
    await page.getByTestId('xiaok-history').click();
    await poll(() => page.getByTestId('xiaok-conversation').count()).toBe(2);
    await expect(page.getByTestId('xiaok-conversation').first().innerText()).resolves.toContain(
      'How many applications are waiting for a CAS?',
    );
    await screenshot(page, 'assistant-en-US-light-history', { settle: true });
    await page.getByTestId('xiaok-conversation').first().click();
    await poll(() => page.locator(ANSWER).count()).toBe(2);

    // The filtered list link: the application list showing the three unconditional offers.
    await page
      .locator(ANSWER)
      .first()
      .getByTestId('xiaok-links')
      .getByRole('link', { name: 'Application list · Unconditional offer' })
      .click();
    await page.waitForURL((url) => url.searchParams.get('f.status') === 'offer_unconditional');
    await poll(() => page.locator(ROW).count()).toBe(3);

    // Dark mode, then the conversation is deleted after confirmation.
    await page.getByTestId('navbar-theme').click();
    await openXiaoK(page);
    await screenshot(page, 'assistant-en-US-dark', { settle: true });
    await page.getByTestId('xiaok-history').click();
    for (const left of [1, 0]) {
      await page.getByTestId('xiaok-remove').first().click();
      await confirmDialog(page);
      await poll(() => page.getByTestId('xiaok-conversation').count()).toBe(left);
    }
    await page.locator(`${PANEL} .ant-empty`).waitFor();
    await context.close();
  });

  it('opens a long conversation at its newest messages and loads the earlier ones in place (zh-TW, en-US)', async () => {
    // 120 messages (question, answer, …) in one conversation of the administrator.
    const now = Date.now();
    const { id: memberId } = await portal.db
      .selectFrom('member')
      .select('id')
      .where('loginName', '=', 'admin')
      .executeTakeFirstOrThrow();
    const { id: conversationId } = await portal.db
      .insertInto('assistantConversation')
      .values({ memberId, title: '很長的對話 Long conversation', createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await portal.db
      .insertInto('assistantMessage')
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          conversationId,
          memberId,
          role: i % 2 ? ('assistant' as const) : ('user' as const),
          content: i % 2 ? `Answer ${i} 回答` : `Question ${i} 問題`,
          links: null,
          cards: null,
          answerer: i % 2 ? ('embedded' as const) : null,
          status: 'ok' as const,
          errorCode: null,
          createdAt: now + i,
          updatedAt: now + i,
        })),
      )
      .execute();
    const MESSAGE = `${PANEL} [data-testid="xiaok-message"]`;
    const BODY = `${PANEL} .ant-drawer-body`;

    for (const locale of ['zh-TW', 'en-US'] as const) {
      const { page, context } = await portal.signedInPage({
        locale,
        storage: { 'cake-locale': locale, ...(locale === 'en-US' ? LIGHT_THEME : {}) },
      });
      await page.locator(ROW).first().waitFor();
      await openXiaoK(page);
      await page.getByTestId('xiaok-history').click();
      await page.getByTestId('xiaok-conversation').filter({ hasText: 'Long conversation' }).click();
      // The newest 50, the last one in view; the button at the top loads the earlier ones.
      await poll(() => page.locator(MESSAGE).count()).toBe(50);
      await expect(page.locator(MESSAGE).last().innerText()).resolves.toContain('Answer 119');
      const older = page.getByTestId('xiaok-older');
      await expect(older.innerText()).resolves.toBe(locale === 'zh-TW' ? '載入更早的訊息' : 'Load earlier messages');
      await page.locator(BODY).evaluate((el) => el.scrollTo(0, 0));
      await settleAnimations(page);
      await screenshot(page, `assistant-${locale}-earlier`, { settle: true });

      // What was read stays where it was while the earlier page is put in front of it.
      const firstShown = page.locator(MESSAGE).filter({ hasText: 'Question 70 ' });
      const top = async () => (await firstShown.boundingBox())!.y;
      const before = await top();
      await older.click();
      await poll(() => page.locator(MESSAGE).count()).toBe(100);
      await settleAnimations(page);
      expect(Math.abs((await top()) - before)).toBeLessThan(4);
      expect(await page.locator(BODY).evaluate((el) => el.scrollTop)).toBeGreaterThan(1000);

      // The last page starts the conversation: no button any more.
      await page.locator(BODY).evaluate((el) => el.scrollTo(0, 0));
      await older.click();
      await poll(() => page.locator(MESSAGE).count()).toBe(120);
      await older.waitFor({ state: 'detached' });
      await expect(page.locator(MESSAGE).first().innerText()).resolves.toContain('Question 0 ');
      await context.close();
    }
  });
});
