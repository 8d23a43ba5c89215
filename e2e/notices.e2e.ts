import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ACTIVE_PANE,
  confirmDialog,
  pickOption,
  screenshot,
  settleAnimations,
  signIn,
  poll,
  openMessageBox,
  usePortal,
} from './harness.js';

const SCREEN = '/sadmin/message/noticeManage';
const ADA = { login: 'ada.lee', password: 'Ada#2026pass', email: 'ada.lee@example.com' };

type Env<T> = { meta: { code: number; message: string }; data: T };

// Calls the API from inside the page with the session's own token and the client's sign header (as the web client
// does: form-urlencoded POST with the common parameters).
function apiFromPage<T>(page: Page, method: 'GET' | 'POST', url: string, params: Record<string, string> = {}) {
  return page.evaluate(
    async ({ method, url, params }) => {
      const body = new URLSearchParams({
        appId: 'student-admin',
        mcId: 'COM',
        memberId: localStorage.getItem('mid') ?? '',
        ...params,
      });
      const headers = { 'x-token': localStorage.getItem('token') ?? '', sign: 'sadmin-web-2026' };
      const res =
        method === 'GET'
          ? await fetch(`${url}?${body.toString()}`, { headers })
          : await fetch(url, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
              body: body.toString(),
            });
      return res.json();
    },
    { method, url, params },
  ) as Promise<Env<T>>;
}

const rowOf = (page: Page, title: string) => page.locator(`${ACTIVE_PANE} tr[data-row-key]`, { hasText: title });
const form = (page: Page) => page.getByTestId('notice-form');

async function settle(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-message-notice'));
  await settleAnimations(page);
  await page.waitForTimeout(300);
}

async function openList(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}${SCREEN}`);
  await page.locator(`${ACTIVE_PANE} [data-testid=notice-manage]`).waitFor();
}

async function addNotice(
  page: Page,
  o: { title: string; content: string; recipient?: { search: string; label: string } },
) {
  await page.locator(`${ACTIVE_PANE} [data-testid=notice-add]`).click();
  await page.getByTestId('notice-f-title').waitFor({ state: 'visible' });
  await settleAnimations(page);
  await page.getByTestId('notice-f-title').fill(o.title);
  await page.getByTestId('notice-f-content').fill(o.content);
  if (o.recipient) {
    await pickOption(page, page.getByTestId('notice-f-recipient'), o.recipient.label, { search: o.recipient.search });
  }
  await form(page).locator('.ant-modal-footer .ant-btn-primary').click();
  await confirmDialog(page);
  await poll(() => rowOf(page, o.title).count()).toBe(1);
}

describe('member notices end to end', () => {
  const portal = usePortal();

  it('creates notices for all members and for one member, who sees them in the message box and marks them read', async () => {
    const admin = await portal.newPage();
    const page = admin.page;
    await signIn(page, portal.baseUrl);

    // Another member, created through the employee API.
    const roles = await apiFromPage<{ id: number }[]>(page, 'GET', '/api/v1/mc/member/roleOptions');
    expect(roles.meta.code).toBe(200);
    const created = await apiFromPage<{ id: number }>(page, 'POST', '/api/v1/mc/member/add', {
      loginName: ADA.login,
      email: ADA.email,
      password: ADA.password,
      memberType: 'staff',
      engLastName: 'Lee',
      engFirstName: 'Ada',
      areaCode: '44',
      mobile: '7700900123',
      roleIds: String(roles.data[0]!.id),
    });
    expect(created.meta).toMatchObject({ code: 200 });

    await openList(page, portal.baseUrl);
    await poll(() => page.locator(`${ACTIVE_PANE} [data-testid=notice-table]`).innerText()).toContain('尚無會員通知');

    // To all members: the recipient defaults to "All members".
    await page.locator(`${ACTIVE_PANE} [data-testid=notice-add]`).click();
    await page.getByTestId('notice-f-title').waitFor({ state: 'visible' });
    await poll(() => page.getByTestId('notice-f-recipient').innerText()).toContain('全體會員');
    await page.getByTestId('notice-f-title').fill('Holiday office hours');
    await page.getByTestId('notice-f-content').fill('The office is closed on 25 December.\n<b>Not bold</b>');
    await settle(page);
    await screenshot(page, 'notice-form-zh-TW');
    await form(page).locator('.ant-modal-footer .ant-btn-primary').click();
    await confirmDialog(page);
    await poll(() => rowOf(page, 'Holiday office hours').count()).toBe(1);
    expect(await rowOf(page, 'Holiday office hours').innerText()).toContain('全體會員');

    // To one member, found by part of the mobile number in the picker.
    await addNotice(page, {
      title: 'Your visa documents',
      content: 'Please bring your passport.',
      recipient: { search: '900123', label: 'Lee Ada' },
    });
    expect(await rowOf(page, 'Your visa documents').innerText()).toContain('Lee Ada');
    await settle(page);
    await screenshot(page, 'notice-list-zh-TW');

    // View: the content is shown as text (escaped), with the read count.
    await rowOf(page, 'Holiday office hours').getByTestId('notice-view').click();
    await poll(() => page.getByTestId('notice-view-content').innerText()).toContain('<b>Not bold</b>');
    expect(await page.locator('[data-testid=notice-view-content] b').count()).toBe(0);
    await settle(page);
    await screenshot(page, 'notice-view-zh-TW');
    await page.keyboard.press('Escape');
    await settle(page);

    // The other member signs in and finds both in the notice tab of the message box.
    const other = await portal.newPage();
    const ada = other.page;
    await signIn(ada, portal.baseUrl, ADA.login, ADA.password);
    await openMessageBox(ada, 'notice');
    const items = ada.locator('[data-testid=box-item-notice]');
    await poll(() => items.count()).toBe(2);
    expect(await ada.getByTestId('box-tab-notice').innerText()).toContain('2');
    await settle(ada);
    await screenshot(ada, 'notice-message-box-zh-TW');

    // Opening one marks it read; "all read" marks the rest.
    await items.filter({ hasText: 'Your visa documents' }).click();
    await poll(() => ada.getByTestId('box-tab-notice').innerText()).toContain('1');
    await poll(() => items.filter({ hasText: 'Your visa documents' }).getAttribute('class')).not.toContain('unread');
    await ada.getByTestId('box-all-read').click();
    await poll(() => ada.locator('.box-item.unread').count()).toBe(0);
    await poll(async () => (await ada.getByTestId('box-tab-notice').innerText()).trim()).toBe('通知');

    // The administrator did not read them: the broadcast is still unread in their own box.
    const mine = await apiFromPage<{ unread: { notice: number } }>(page, 'GET', '/api/v1/message/box');
    expect(mine.data.unread.notice).toBe(1);

    // Delete, after confirming: it leaves the list and the member's box.
    await rowOf(page, 'Your visa documents').getByTestId('row-remove').click();
    await page.locator('.ant-popconfirm .ant-btn-dangerous').click();
    await poll(() => rowOf(page, 'Your visa documents').count()).toBe(0);
    const theirs = await apiFromPage<{ notice: { list: { title: string }[] } }>(ada, 'GET', '/api/v1/message/box');
    expect(theirs.data.notice.list.map((n) => n.title)).toEqual(['Holiday office hours']);
    await other.context.close();
    await admin.context.close();
  });

  it('renders the screen, the form and the view in en-US', async () => {
    const { page, context } = await portal.signedInPage({ locale: 'en-US', storage: { 'cake-locale': 'en-US' } });
    await openList(page, portal.baseUrl);
    await poll(() => rowOf(page, 'Holiday office hours').count()).toBe(1);
    expect(await rowOf(page, 'Holiday office hours').innerText()).toContain('All members');
    expect(await rowOf(page, 'Holiday office hours').innerText()).toContain('Published');
    await settle(page);
    await screenshot(page, 'notice-list-en-US');

    await rowOf(page, 'Holiday office hours').getByTestId('row-edit').click();
    await page.getByTestId('notice-f-title').waitFor({ state: 'visible' });
    await poll(() => page.getByTestId('notice-f-title').inputValue()).toBe('Holiday office hours');
    await settle(page);
    await screenshot(page, 'notice-form-en-US');
    await page.keyboard.press('Escape');
    await settle(page);

    await rowOf(page, 'Holiday office hours').getByTestId('notice-view').click();
    await poll(() => page.getByTestId('notice-view-content').innerText()).toContain('25 December');
    await settle(page);
    await screenshot(page, 'notice-view-en-US');
    await context.close();
  });
});
