import { expect } from 'vitest';
import type { Envelope } from './harness.js';

// A parameter error (400) whose message names the field at fault (or holds the given text).
export function expectParamError(res: Envelope, named: string): void {
  expect(res.meta.code, res.meta.message).toBe(400);
  expect(res.meta.message).toContain(named);
}
