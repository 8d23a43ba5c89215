import { beforeEach } from 'vitest';
import { describeOpenPages } from './harness.js';

beforeEach((ctx) => {
  ctx.onTestFailed(() => describeOpenPages(ctx.task.name));
});
