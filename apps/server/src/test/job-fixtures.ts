import type { BackgroundJob } from '@study-crm/shared';
import { APP_ID, type TestApp } from './harness.js';

// The background jobs' calls as the web makes them, for the tests of every module that runs one (not a test file).

// A job's progress and outcome, as its owner (or whoever `token` is) polls it.
export const jobStatus = (t: Pick<TestApp, 'get'>, id: number, token: string | null) =>
  t.get<BackgroundJob>('/api/v1/jobs/status', { id }, { token });

// A job's file through the jobs module's download, the message box's link (the raw answer: a file or an envelope).
export const jobFile = (t: Pick<TestApp, 'app' | 'headers'>, id: number, token: string | null) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/jobs/download?${new URLSearchParams({ appId: APP_ID, mcId: 'COM', id: String(id) }).toString()}`,
    headers: t.headers({ token }),
  });
