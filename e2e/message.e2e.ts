import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ACTIVE_PANE,
  confirmDialog,
  fillMailSenderForm,
  pickOption,
  ROW,
  screenshot,
  settleAnimations,
  signIn,
  usePortal,
  useSmtpServer,
  poll,
  seedApplication,
} from './harness.js';
import { axeViolations } from './axe.js';
import { watchCspViolations } from './page-errors.js';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PATHS = {
  email: '/sadmin/message/emailManage',
  sender: '/sadmin/message/emailSenderManage',
  template: '/sadmin/message/templateManage',
};

async function saveModal(page: Page) {
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await confirmDialog(page);
}

// Issue 15: a sender pointing at a test SMTP server, a template, an e-mail from it with an attachment, "sent".
describe('e-mail screens', () => {
  const smtp = useSmtpServer();
  const portal = usePortal({ DELIVERY_POLL_MS: '100' });

  it('configures a sender, writes a template, sends an e-mail with an attachment and sees it sent', async () => {
    const { page, context } = await portal.newPage();
    // The editor and the previews must work under the content security policy: no violation reported.
    const violations = await watchCspViolations(page);
    await signIn(page, portal.baseUrl);

    // Mail server, through the screen, then its connection test shows the server's answer.
    const modal = await fillMailSenderForm(page, portal.baseUrl, smtp());
    await modal.locator('#displayName').fill('留學顧問');
    await saveModal(page);
    await poll(() => page.locator(ROW).count()).toBe(1);
    await page.getByTestId('sender-test').click();
    const answer = page.locator('.ant-modal-confirm').last();
    await poll(() => answer.textContent()).toContain('連線成功');
    await settleAnimations(page);
    await screenshot(page, 'email-sender-test-zh-TW');
    await answer.locator('.ant-btn-primary').click();
    await answer.waitFor({ state: 'hidden' });
    await screenshot(page, 'email-sender-manage-zh-TW');

    // A template with a frame; its preview renders sample data in a sandboxed frame.
    await page.goto(`${portal.baseUrl}${PATHS.template}`);
    await page.getByTestId('template-add').click();
    const tform = page.locator('.ant-modal').filter({ has: page.locator('#frameHtml') });
    await tform.locator('#name').fill('錄取通知');
    await tform.locator('#type').fill('offer');
    await tform.locator('#title').fill('錄取通知 {{ recipient.email }}');
    await tform.locator('#frameHtml').fill('<html><body><h1>Study CRM 留學</h1>{{ content }}</body></html>');
    await tform.locator('#content').fill('<p>恭喜 {{ recipient.email }} 獲得錄取！</p>');
    // A variable from the menu goes in at the cursor.
    await tform.locator('#content').press('End');
    for (let i = 0; i < 4; i++) await tform.locator('#content').press('ArrowLeft');
    await tform.getByTestId('template-content-variable').click();
    await page
      .locator('.ant-dropdown:visible')
      .getByRole('menuitem', { name: /寄件人名稱/ })
      .click();
    await poll(() => tform.locator('#content').inputValue()).toBe(
      '<p>恭喜 {{ recipient.email }} 獲得錄取！{{ sender.name }}</p>',
    );
    await settleAnimations(page);
    await screenshot(page, 'template-form-zh-TW');
    await saveModal(page);
    await poll(() => page.locator(ROW).count()).toBe(1);
    await page.getByTestId('template-view').click();
    const preview = page.frameLocator('[data-testid=template-preview]');
    await poll(() => preview.locator('h1').textContent()).toBe('Study CRM 留學');
    await poll(() => preview.locator('p').textContent()).toBe('恭喜 student@example.com 獲得錄取！Study CRM');
    expect(await page.getByTestId('template-preview').getAttribute('sandbox')).toBe('');
    await settleAnimations(page);
    await screenshot(page, 'template-view-zh-TW');
    await page.locator('.ant-drawer-close').click();
    await screenshot(page, 'template-manage-zh-TW');

    // The e-mail: template fills subject and content, the editor edits it, a PDF is attached with progress.
    // An application to pick: its student's e-mail fills the empty recipients, its name fills {{ student.name }}.
    await seedApplication(portal, { name: '林小美', email: 'amy@e2e.example.com', applicationDate: '2026-10-01' });
    await page.goto(`${portal.baseUrl}${PATHS.email}`);
    await page.getByTestId('email-add').click();
    const drawer = page.getByTestId('email-compose');
    await pickOption(page, drawer.locator('#senderId'), smtp().user);
    await pickOption(page, drawer.locator('#applicationId'), '林小美');
    await poll(() => drawer.locator('#recipients').inputValue()).toBe('amy@e2e.example.com');
    await drawer.locator('#recipients').fill('amy@e2e.example.com, ben@e2e.example.com');
    await pickOption(page, drawer.locator('#templateId'), '錄取通知');
    await poll(() => drawer.locator('#subject').inputValue()).toBe('錄取通知 {{ recipient.email }}');
    // The subject's variable menu puts the student's name at the cursor (the end).
    await drawer.locator('#subject').fill('錄取通知 {{ recipient.email }} ');
    await drawer.getByTestId('email-subject-variable').click();
    await page
      .locator('.ant-dropdown:visible')
      .getByRole('menuitem', { name: /學生姓名/ })
      .click();
    await poll(() => drawer.locator('#subject').inputValue()).toBe('錄取通知 {{ recipient.email }} {{ student.name }}');
    const editor = drawer.locator('.ProseMirror');
    await poll(() => editor.textContent()).toContain('獲得錄取');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    // A Liquid comparison typed in the editor (which writes its `>` as an entity) is read as written (decision 301).
    await page.keyboard.type(" 附件請查收。{% if recipient.email > 'b' %}（B 組）{% endif %} ");
    // The toolbar's variables: the application's are offered once an application is chosen (it is).
    await drawer.getByTestId('rte-variable').click();
    await page
      .locator('.ant-dropdown:visible')
      .getByRole('menuitem', { name: /學生姓名/ })
      .click();
    await poll(() => editor.textContent()).toContain('{{ student.name }}');
    await page.keyboard.type(' UCAS');
    // The toolbar's link: another scheme is refused; an address without its scheme is completed; the dialog shows
    // the link under the selection and takes it off.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
    const linkTool = drawer.locator('.rte-toolbar button[aria-label="連結"]');
    const linkDialog = page.locator('.ant-modal').filter({ has: page.getByTestId('rte-link-href') });
    const ucas = editor.locator('a[href="https://www.ucas.com"]');
    await linkTool.click();
    await page.getByTestId('rte-link-href').fill('javascript:alert(1)');
    await page.getByTestId('rte-link-apply').click();
    await poll(() => linkDialog.locator('.ant-form-item-explain-error').textContent()).toContain('請輸入網址');
    await settleAnimations(page);
    await screenshot(page, 'email-link-zh-TW');
    await page.getByTestId('rte-link-href').fill('www.ucas.com');
    await page.getByTestId('rte-link-apply').click();
    await poll(() => ucas.textContent()).toBe('UCAS');
    // Ctrl+K (⌘K) opens it too.
    await page.keyboard.press('ControlOrMeta+k');
    await poll(() => page.getByTestId('rte-link-href').inputValue()).toBe('https://www.ucas.com');
    await page.getByTestId('rte-link-remove').click();
    await poll(() => ucas.count()).toBe(0);
    await linkTool.click();
    await page.getByTestId('rte-link-href').fill('www.ucas.com');
    await page.keyboard.press('Enter');
    await poll(() => ucas.textContent()).toBe('UCAS');
    await poll(() => linkDialog.count()).toBe(0);
    // What is typed after the link is not part of it. (The link ends the document; End alone would go to the end of
    // the caret's visual line, which depends on where the drawer's width wraps the paragraph.)
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' 謝謝');
    await poll(() => editor.textContent()).toContain('UCAS 謝謝');
    expect(await ucas.textContent()).toBe('UCAS');
    await drawer.locator('input[type=file]').setInputFiles({
      name: 'offer.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await poll(() => drawer.locator('.ant-upload-list-item-done, .ant-upload-list-item-success').count()).toBe(1);
    await page.getByTestId('email-preview').click();
    const mailPreview = page.frameLocator('[data-testid=email-preview-frame]');
    await poll(() => mailPreview.locator('h1').textContent()).toBe('Study CRM 留學');
    await poll(() => mailPreview.locator('body').textContent()).toContain('附件請查收');
    await settleAnimations(page);
    await page.keyboard.press('Escape');
    await settleAnimations(page);
    await screenshot(page, 'email-compose-zh-TW');
    await drawer.locator('.ant-drawer-extra .ant-btn-primary').click();
    await confirmDialog(page);

    // The detail opens and follows the outbox until both recipients are sent.
    const detail = page.getByTestId('email-detail-drawer');
    await poll(() => detail.getByTestId('recipient-status-sent').count()).toBe(2);
    await poll(() => detail.getByTestId('email-attachments').textContent()).toContain('offer.pdf');
    await settleAnimations(page);
    await screenshot(page, 'email-detail-zh-TW');
    await detail.locator('.ant-drawer-close').click();
    await poll(() => page.locator(`${ACTIVE_PANE} [data-testid=email-summary]`).first().textContent()).toBe('已寄出 2');
    await screenshot(page, 'email-manage-zh-TW');

    // The test server received both, each with the attachment byte for byte.
    expect(smtp().received).toHaveLength(2);
    for (const { mail, envelopeTo } of smtp().received) {
      expect(mail.subject).toBe(`錄取通知 ${envelopeTo[0]} 林小美`);
      expect(mail.html).toContain('Study CRM 留學');
      expect(mail.html).toContain('附件請查收');
      // The variable inserted from the toolbar, filled in from the application.
      expect(mail.html).toContain('林小美');
      expect(mail.html).not.toContain('{{');
      // amy@… sorts before 'b', ben@… after it.
      if (envelopeTo[0]!.startsWith('ben')) expect(mail.html).toContain('（B 組）');
      else expect(mail.html).not.toContain('B 組');
      expect(mail.html).not.toContain('{%');
      expect(mail.html).toMatch(/<a [^>]*href="https:\/\/www\.ucas\.com"[^>]*>UCAS<\/a> 謝謝/);
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]!.filename).toBe('offer.pdf');
      expect(Buffer.compare(mail.attachments[0]!.content, PDF)).toBe(0);
    }
    expect(violations).toEqual([]);
    await context.close();

    // The three screens in en-US.
    const en = await portal.signedInPage({ storage: { 'cake-locale': 'en-US' } });
    for (const [path, name, title] of [
      [PATHS.email, 'email-manage-en-US', 'E-mails'],
      [PATHS.sender, 'email-sender-manage-en-US', 'Mail servers'],
      [PATHS.template, 'template-manage-en-US', 'Templates'],
    ] as const) {
      await en.page.goto(`${portal.baseUrl}${path}`);
      await poll(() => en.page.locator(`${ACTIVE_PANE} .panel-title`).first().textContent()).toBe(title);
      await poll(() => en.page.locator(ROW).count()).toBeGreaterThan(0);
      await screenshot(en.page, name);
    }
    await en.page
      .getByTestId('email-add')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await en.page.goto(`${portal.baseUrl}${PATHS.email}`);
    await en.page.getByTestId('email-add').click();
    await poll(() => en.page.locator('.ProseMirror').count()).toBe(1);
    await settleAnimations(en.page);
    await screenshot(en.page, 'email-compose-en-US');
    // The link dialog in en-US: named, labelled and checked by axe like every dialog.
    await en.page.locator('.ProseMirror').click();
    await en.page.keyboard.type('UCAS');
    await en.page.locator('.rte-toolbar button[aria-label="Link"]').click();
    await en.page.getByTestId('rte-link-href').fill('ucas');
    await en.page.keyboard.press('Enter');
    await poll(() => en.page.locator('.ant-modal .ant-form-item-explain-error').textContent()).toBe(
      'Enter a web address (https://…) or an e-mail address',
    );
    expect(await axeViolations(en.page, 'e-mail link dialog')).toEqual([]);
    await screenshot(en.page, 'email-link-en-US');
    // Without an application, only the variables every recipient has are offered.
    await en.page.keyboard.press('Escape');
    await poll(() => en.page.locator('.ant-modal:visible').count()).toBe(0);
    await en.page.getByTestId('rte-variable').click();
    const menu = en.page.locator('.ant-dropdown:visible').getByRole('menuitem');
    await poll(() => menu.count()).toBe(6);
    expect((await menu.allInnerTexts()).join('|')).toMatch(/Recipient's e-mail\s*\{\{ recipient\.email \}\}/);
    expect(await menu.filter({ hasText: "Student's name" }).count()).toBe(0);
    await settleAnimations(en.page);
    await screenshot(en.page, 'email-variables-en-US');
    await en.context.close();
  }, 240_000);
});
