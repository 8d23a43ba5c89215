import { beforeEach } from 'vitest';
import { describeOpenPages } from './harness.js';

beforeEach((ctx) => {
  const started = Date.now();
  ctx.onTestFailed(() => describeOpenPages(ctx.task.name, started));
});
