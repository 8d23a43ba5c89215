import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { feedbackApi } from '@study-crm/shared';
import {
  ACTIVE_PANE,
  CAPTCHA,
  confirmDialog,
  screenshot,
  settleAnimations,
  usePortal,
  useSmtpServer,
  poll,
  openMessageBox,
  seedMailSender,
} from './harness.js';

const SIGN = process.env.VITE_CLIENT_SIGN ?? 'sadmin-web-2026';
const PATH = '/sadmin/feedbackManage/feedback';
const rowOf = (page: Page, text: string) => page.locator(`${ACTIVE_PANE} tr[data-row-key]`, { hasText: text });
const drawer = (page: Page) => page.locator('.ant-drawer.ant-drawer-open').last();
const todoTab = (page: Page) => page.getByTestId('box-tab-todo').textContent();

// Issue 18: feedback sent through the public call shows in the list and as a to-do; the administrator answers it
// (with confirmation), the reply shows with its time, reaches the sender's mailbox, and the to-do disappears.
describe('feedback screen', () => {
  const smtp = useSmtpServer();
  const portal = usePortal({ DELIVERY_POLL_MS: '100' });

  const call = async (url: string, body: Record<string, string>) => {
    const res = await fetch(`${portal.baseUrl}${url}`, {
      method: 'POST',
      headers: {
        sign: SIGN,
        // The sender's language: the reply e-mail's subject is written in it.
        'accept-language': 'zh-TW',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ appId: 'student-admin', mcId: 'COM', ...body }).toString(),
    });
    return (await res.json()) as { meta: { code: number; message: string }; data: Record<string, unknown> };
  };
  const captcha = async () => {
    const key = randomBytes(12).toString('hex');
    await fetch(`${portal.baseUrl}/api/v1/sys/code/getCode?appId=student-admin&key=${key}`, {
      headers: { sign: SIGN },
    });
    return key;
  };
  // What the consultancy's website sends.
  const submitPublic = async (body: Record<string, string>) =>
    call('/api/v1/mc/feedbacks/submit', { ...body, key: await captcha(), code: CAPTCHA });

  beforeAll(async () => {
    // The mail server is arranged through the API: its own screen is tested in message.e2e.ts.
    await seedMailSender(portal, smtp());
    // An answered one, so the list shows both states.
    const older = await submitPublic({
      name: 'Ben Wong',
      areaCode: '852',
      mobile: '91234567',
      content: 'Thank you for the help with my visa!',
    });
    expect(older.meta.code).toBe(200);
    await portal.api(feedbackApi.answer, { id: Number(older.data.id), content: 'Glad to help, good luck!' });
  });

  it('shows a public submission and its to-do, answers it with confirmation, and the to-do disappears', async () => {
    const { page, context } = await portal.signedInPage();
    await page.goto(`${portal.baseUrl}${PATH}`);
    await poll(() => rowOf(page, 'Ben Wong').count()).toBe(1);

    // Sent while the screen is open: the list and the message box pick it up.
    const sent = await submitPublic({
      name: '林小美',
      email: 'parent.lin@e2e.example.com',
      content: '<b>請問</b>英國碩士申請的截止日期是什麼時候？',
    });
    expect(sent.meta.code).toBe(200);
    await page.getByTestId('list-search').click();
    await poll(() => rowOf(page, '林小美').count()).toBe(1);
    await poll(() => rowOf(page, '林小美').textContent()).toContain('請問英國碩士申請');
    expect(await rowOf(page, '林小美').getByTestId('feedback-status-open').count()).toBe(1);

    await page.reload();
    await openMessageBox(page, 'todo');
    await poll(() => todoTab(page)).toBe('待辦 1');
    const todo = page.getByTestId('box-item-todo').first();
    await poll(() => todo.textContent()).toContain('林小美');
    await poll(() => todo.textContent()).toContain('意見回饋');
    await settleAnimations(page);
    await screenshot(page, 'feedback-todo-zh-TW');
    // The to-do opens the feedback's detail.
    await todo.click();
    await drawer(page).waitFor({ state: 'visible' });
    await poll(() => drawer(page).getByTestId('feedback-content').textContent()).toBe(
      '請問英國碩士申請的截止日期是什麼時候？',
    );

    // An empty reply is refused in the form; a reply is sent only after the confirmation.
    await drawer(page).getByTestId('feedback-reply-send').click();
    await poll(() => drawer(page).locator('.ant-form-item-explain-error').textContent()).toBe('請輸入回覆內容');
    await drawer(page).getByTestId('feedback-reply-input').fill('您好，截止日期為 1 月 15 日，我們會再與您聯絡。');
    await settleAnimations(page);
    await screenshot(page, 'feedback-detail-zh-TW');
    await drawer(page).getByTestId('feedback-reply-send').click();
    await confirmDialog(page);
    const reply = drawer(page).getByTestId('feedback-reply');
    await poll(() => reply.count()).toBe(1);
    await poll(() => reply.textContent()).toContain('您好，截止日期為 1 月 15 日');
    await poll(() => reply.textContent()).toContain('已排入郵件寄送');
    await poll(() => drawer(page).getByTestId('feedback-replied-at').textContent()).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d$/,
    );
    await settleAnimations(page);
    await screenshot(page, 'feedback-replied-zh-TW');

    // The sender's mailbox gets the reply.
    await poll(() => smtp().received.filter((r) => r.envelopeTo.includes('parent.lin@e2e.example.com')).length).toBe(1);
    const mail = smtp().received.find((r) => r.envelopeTo.includes('parent.lin@e2e.example.com'))!;
    expect(mail.mail.subject).toBe('回覆：您的意見回饋');
    expect(mail.mail.text).toContain('截止日期為 1 月 15 日');

    await page.locator('.ant-drawer-close').click();
    await poll(() => rowOf(page, '林小美').getByTestId('feedback-status-answered').count()).toBe(1);
    await openMessageBox(page, 'todo');
    await poll(() => todoTab(page)).toBe('待辦 ');
    await poll(() => page.getByTestId('box-item-todo').count()).toBe(0);
    await page.keyboard.press('Escape');
    await settleAnimations(page);
    await screenshot(page, 'feedback-list-zh-TW');
    await context.close();
  });

  it('filters by status and renders in en-US', async () => {
    const { page, context } = await portal.signedInPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await page.goto(`${portal.baseUrl}${PATH}`);
    await poll(() => page.locator(`${ACTIVE_PANE} tr[data-row-key]`).count()).toBe(2);
    await page.getByTestId('feedback-keyword').fill('visa');
    await page.getByTestId('list-search').click();
    await poll(() => page.locator(`${ACTIVE_PANE} tr[data-row-key]`).count()).toBe(1);
    await page.getByTestId('list-reset').click();
    await poll(() => page.locator(`${ACTIVE_PANE} tr[data-row-key]`).count()).toBe(2);
    await settleAnimations(page);
    await screenshot(page, 'feedback-list-en-US');
    await rowOf(page, 'Ben Wong').getByTestId('feedback-detail').click();
    await drawer(page).waitFor({ state: 'visible' });
    await poll(() => drawer(page).getByTestId('feedback-reply').textContent()).toContain('Glad to help');
    await settleAnimations(page);
    await screenshot(page, 'feedback-detail-en-US');
    // The export downloads the filtered list as a workbook.
    await page.locator('.ant-drawer-close').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('feedback-export').click();
    expect((await download).suggestedFilename()).toMatch(/^feedback-.*\.xlsx$/);
    await context.close();
  });
});
