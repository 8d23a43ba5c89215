import type { Page } from 'playwright-core';

// Every console error and uncaught page error of the pages a test opened (issue 36: an "Uncaught (in promise)" on
// every refused form went unseen). e2e/setup.ts fails the test on any of them once it has ended.
const seen: string[] = [];

// Not ours to fix: the browser's own line for a response that a test provokes on purpose (a 404 screen, a refused
// download); what our code does with such a response is checked by the tests themselves.
const ALLOWED = [/^Failed to load resource: the server responded with a status of 4\d\d/];

// What the running test provokes on purpose (a screen's code that does not arrive), declared by the test itself.
const expected: RegExp[] = [];

export function watchPageErrors(page: Page): void {
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (!ALLOWED.some((re) => re.test(text))) seen.push(`console.error: ${text} (${page.url()})`);
  });
}

// The errors this test provokes on purpose: lines matching one of these do not fail it (until the next test).
export function expectPageErrors(...patterns: RegExp[]): void {
  expected.push(...patterns);
}

// What was seen since the last call, less what the test said it provokes; the next test starts with none expected.
export function takePageErrors(): string[] {
  const unexpected = seen.splice(0).filter((line) => !expected.some((re) => re.test(line)));
  expected.length = 0;
  return unexpected;
}

// The content security policy's refusals on this page, as the browser logs them and as the page's own
// `securitypolicyviolation` events tell them (directive, blocked address, where, and the element), from now on.
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (apply|load|execute|connect|frame)/i.test(msg.text())) {
      violations.push(msg.text());
    }
  });
  await page.context().addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const el = e.target instanceof Element ? e.target.outerHTML.slice(0, 160) : String(e.target);
      console.error(
        `Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} on ${el} ${e.sample}`,
      );
    });
  });
  return violations;
}
