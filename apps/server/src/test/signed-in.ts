import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

// One app for the describe block, signed in as the admin before the first test and closed after the last.
export function withSignedInApp(ready: (app: TestApp, session: { token: string; mid: number }) => void) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp();
    ready(app, await app.login());
  });
  afterAll(async () => {
    await app?.close();
  });
}
