import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

export type Session = { token: string; mid: number };
export type UsedTestApp = TestApp & {
  /** The administrator's session, when the app was asked to sign in (`signIn: true`). */
  readonly admin: Session;
};

/**
 * One app for the describe block: started before the first test (with `signIn`, the administrator signed in too)
 * and closed after the last. The value returned stands for the app from the first test on; hooks registered after
 * this call already see it started.
 */
export function useTestApp(opts: Parameters<typeof startTestApp>[0] & { signIn?: boolean } = {}): UsedTestApp {
  const { signIn, ...start } = opts;
  let app: TestApp | undefined;
  let admin: Session | undefined;
  beforeAll(async () => {
    app = await startTestApp(start);
    if (signIn) admin = await app.login();
  });
  afterAll(async () => {
    await app?.close();
  });
  return new Proxy({} as UsedTestApp, {
    get(_target, key) {
      if (!app) throw new Error('the test app is used before its beforeAll hook ran');
      if (key === 'admin') {
        if (!admin) throw new Error('useTestApp({ signIn: true }) signs the administrator in');
        return admin;
      }
      const value: unknown = Reflect.get(app, key);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(app) : value;
    },
  });
}

// One app for the describe block, signed in as the admin before the first test and closed after the last.
export function withSignedInApp(ready: (app: TestApp, session: Session) => void) {
  const t = useTestApp({ signIn: true });
  beforeAll(() => ready(t, t.admin));
}
