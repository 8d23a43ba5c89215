import type { Page } from 'playwright-core';

// Every console error and uncaught page error of the pages a test opened (issue 36: an "Uncaught (in promise)" on
// every refused form went unseen). e2e/setup.ts fails the test on any of them once it has ended.
const seen: string[] = [];

// Not ours to fix: the browser's own line for a response that a test provokes on purpose (a 404 screen, a refused
// download); what our code does with such a response is checked by the tests themselves.
const ALLOWED = [/^Failed to load resource: the server responded with a status of 4\d\d/];

export function watchPageErrors(page: Page): void {
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (!ALLOWED.some((re) => re.test(text))) seen.push(`console.error: ${text} (${page.url()})`);
  });
}

// What was seen since the last call.
export function takePageErrors(): string[] {
  return seen.splice(0);
}
