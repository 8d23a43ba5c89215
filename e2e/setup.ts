import { afterEach, beforeEach, expect } from 'vitest';
import { describeOpenPages } from './harness.js';
import { takePageErrors } from './page-errors.js';

beforeEach((ctx) => {
  const started = Date.now();
  takePageErrors();
  ctx.onTestFailed(() => describeOpenPages(ctx.task.name, started));
});

// No screen may log an error or leave an uncaught one (e2e/page-errors.ts).
afterEach(() => {
  expect(takePageErrors(), 'console errors and page errors').toEqual([]);
});
