import { describe, expect, it } from 'vitest';
import { ACTIVE_PANE, screenshot, settleAnimations, signInOnScreen, usePortal } from './harness.js';
import { watchCspViolations } from './page-errors.js';

// Issue 13, must fix 5: the portal renders in Chromium under its content security policy, with no violation.
describe('content security policy', () => {
  const portal = usePortal();

  it('renders sign-in, the frame, tables, a form drawer and text areas with no CSP violation', async () => {
    const { page, context } = await portal.newPage();
    const violations = await watchCspViolations(page);

    const res = await page.goto(`${portal.baseUrl}/sadmin/login`);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    // The login page's stylesheet is in place (it is drawn without antd): the sign-in button is styled (a coloured
    // background), not a bare button.
    await page.getByTestId('login-submit').waitFor();
    const bg = await page.getByTestId('login-submit').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).not.toBe('rgba(0, 0, 0, 0)');

    await signInOnScreen(page, portal.baseUrl);
    await page.locator(`${ACTIVE_PANE} table`).first().waitFor();
    // antd's styles are in place in the frame: written into <style> elements that carry the page's nonce.
    const styled = await page.evaluate(
      () => Array.from(document.querySelectorAll('style')).filter((s) => s.nonce && s.textContent).length,
    );
    expect(styled).toBeGreaterThan(0);
    await page.goto(`${portal.baseUrl}/sadmin/accessManage/roleManage`);
    await page.locator(`${ACTIVE_PANE} tr[data-row-key]`).first().waitFor();
    await page.locator(`${ACTIVE_PANE} button`, { hasText: /新增/ }).first().click();
    await page.locator('.ant-drawer-content-wrapper:visible').first().waitFor();
    await settleAnimations(page);
    await screenshot(page, 'csp-role-dialog');
    await page.keyboard.press('Escape');
    await page.goto(`${portal.baseUrl}/sadmin/systemSetup/dictManage`);
    await page.locator(`${ACTIVE_PANE} table`).first().waitFor();
    await settleAnimations(page);
    await screenshot(page, 'csp-dict');
    // A form with text areas (antd's auto-sizing text area writes a style attribute the policy refuses).
    await page.goto(`${portal.baseUrl}/sadmin/systemSetup/configManage`);
    await page.getByTestId('config-add').click();
    await page.locator('.ant-modal textarea').first().waitFor();
    await page.locator('.ant-modal textarea').first().fill('a\nb\nc\nd');
    await settleAnimations(page);
    expect(violations).toEqual([]);
    await context.close();
  });
});
