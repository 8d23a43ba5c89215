import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';

// Web test files that need a module graph of their own (see the web-isolated project).
const WEB_ISOLATED = [
  'apps/web/src/api/call.test.ts',
  'apps/web/src/api/client.test.ts',
  'apps/web/src/app/layout/Breadcrumb.test.tsx',
  'apps/web/src/app/layout/ScreenHost.test.tsx',
  // The session-expired dialog opens once per page (api/client.ts).
  'apps/web/src/app/layout/SessionExpiryDialog.test.tsx',
  // It checks that a page's strings are not registered before its screen loads: other files register them all.
  'apps/web/src/app/lazyScreen.test.tsx',
  'apps/web/src/components/form/useCountdown.test.ts',
  'apps/web/src/pages/assistant/stream.test.ts',
  'apps/web/src/pages/assistant/useChat.test.tsx',
  'apps/web/src/stores/session.test.ts',
];

// The e2e files that took longest (a fresh-clone CI run, 2026-12-01: 110–230 s each on a slow machine, most files
// 20–80 s), longest first. Without vitest's record of earlier durations (a fresh clone, CI) it starts the largest
// files first, and these are small (the menu walks are four lines each): they started last and ended the phase alone.
// They start first there; with a record, vitest's own order (by the durations it saw) is kept. A name no file has
// stops the run, so the list cannot silently go stale. Decision 274.
const E2E_LONGEST = [
  'e2e/accessibility-dialogs.e2e.ts',
  'e2e/application.e2e.ts',
  'e2e/list-width.e2e.ts',
  'e2e/accessibility-colour-weak.e2e.ts',
  'e2e/audit.e2e.ts',
  'e2e/accessibility-menu-end.e2e.ts',
  'e2e/export.e2e.ts',
  'e2e/accessibility-colour-weak-end.e2e.ts',
  'e2e/accessibility.e2e.ts',
];

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const stale = E2E_LONGEST.filter((f) => !fs.existsSync(path.join(ROOT, f)));
if (stale.length) throw new Error(`vitest.config.ts: E2E_LONGEST names files that do not exist: ${stale.join(', ')}`);

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const name = (f: TestSpecification) => path.relative(this.ctx.config.root, f.moduleId);
    // The e2e project's files stand together (its own group, after the others).
    const e2e = sorted.filter((f) => f.project.name === 'e2e');
    if (!e2e.length || e2e.some((f) => this.ctx.cache.getFileTestResults(`e2e:${name(f)}`))) return sorted;
    const rank = (f: TestSpecification) => {
      const i = E2E_LONGEST.indexOf(name(f));
      return i < 0 ? E2E_LONGEST.length : i;
    };
    const first = sorted.indexOf(e2e[0]!);
    return [...sorted.slice(0, first), ...e2e.sort((a, b) => rank(a) - rank(b)), ...sorted.slice(first + e2e.length)];
  }
}

const alias = { '@study-crm/shared': fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default'],
    sequence: { sequencer: LongestFirst },
    // Two test files at a time on the 2-core machine (vitest's default is one fewer than the cores): decision 110.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        // The web build's own plugins (vite.config.ts), in Node as the build runs them.
        test: { name: 'web-build', include: ['apps/web/build/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // A worker imports the server once for all its files, not once per file (most of a file's time): no test
          // mocks modules, fakes timers or sets the environment, and each app has its own database (decision 124).
          isolate: false,
          // Drops the PostgreSQL databases the run's workers made, once they have exited.
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: WEB_ISOLATED,
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // One jsdom and one import of antd per worker for all its files, not one per file (most of a file's time:
          // 142 s → 31 s for the project); each test cleans up what it renders and resets the stores it sets.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        plugins: [react()],
        test: {
          // The files that replace modules or timers (vi.mock, fake timers) or read a router they expect untouched:
          // each in a fresh module graph, as vitest's default.
          name: 'web-isolated',
          include: WEB_ISOLATED,
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          setupFiles: ['e2e/setup.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          environment: 'node',
          // Three files at a time on the 2-core machine (each its own server, database and Chromium): most of an e2e
          // test is waiting for what a person would see; measured, a file keeps its core busy 35–85 % of the time
          // (decision 247).
          maxWorkers: 3,
          // One Chromium and one server import per worker for all its files (e2e/harness.ts): each file still has its
          // own server and database, and each test page its own browser context.
          isolate: false,
          // After the other projects (vitest runs projects with different worker counts as separate groups).
          sequence: { groupOrder: 1 },
          // A test's own waits are bounded (each poll 20 s, below); this only stops a test that never ends. The longest
          // flows took 79–93 s on a slow 2-core machine (2026-11-30, three files at a time), so 90 s cut them short.
          testTimeout: 180_000,
          hookTimeout: 90_000,
          // What a person waits for (a list refreshing after an upload, a toast) can take seconds on a loaded CI
          // machine: polls give it 20 s instead of vitest's default second.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
