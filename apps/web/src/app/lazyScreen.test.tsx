import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from '../i18n';
import { lazyScreen } from './lazyScreen';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { ScreenFailed } from '../components/ScreenFailed';

afterEach(cleanup);

// In a test React resumes a suspended render only when it began inside an async act() (its act environment queues
// the retry), and reveals content some time after its fallback: the first step (render, click) runs in one, then
// act, wait a little and look again, for up to two seconds.
async function until(look: () => unknown, first?: () => unknown): Promise<void> {
  for (let i = 0; ; i++) {
    await act(async () => {
      if (i === 0) first?.();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    try {
      look();
      return;
    } catch (err) {
      if (i >= 40) throw err;
    }
  }
}

const host = (node: React.ReactNode) => (
  <ErrorBoundary fallback={(error, retry) => <ScreenFailed error={error} retry={retry} />}>
    <Suspense fallback={<p>loading</p>}>{node}</Suspense>
  </ErrorBoundary>
);

describe('lazy screens and their strings', () => {
  it('loads a page bundle with its screen, not at boot, and registers it before the screen renders', async () => {
    expect(i18n.exists('application.newTitle')).toBe(false);
    let loaded = false;
    const Screen = lazyScreen(
      async () => {
        loaded = true;
        return { default: () => <p>{i18n.t('application.newTitle', { lng: 'en-US' })}</p> };
      },
      () => import('../pages/application/locale'),
    );
    expect(loaded).toBe(false);
    await until(
      () => screen.getByText('New application'),
      () => render(host(<Screen />)),
    );
    expect(loaded).toBe(true);
    expect(i18n.t('application.newTitle', { lng: 'zh-CN' })).toBe('新增留学申请');
  });

  it('shows a screen whose code did not arrive as failed, and asks for it again on "Try again"', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await i18n.changeLanguage('en-US');
    // Offline at first, then back.
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module: /sadmin/assets/X.js');
      return { default: () => <p>the screen</p> };
    });
    const Screen = lazyScreen(load, async () => ({}));
    await until(
      () => screen.getByTestId('screen-failed'),
      () => render(host(<Screen />)),
    );
    expect(screen.getByTestId('screen-failed').textContent).toContain('Its code did not arrive');
    expect(load).toHaveBeenCalledTimes(1);
    online = true;
    await until(
      () => screen.getByText('the screen'),
      () => fireEvent.click(screen.getByTestId('screen-retry')),
    );
    expect(load).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('forgets a preload that failed while nothing showed the screen: its first render asks again', async () => {
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module: /sadmin/assets/Y.js');
      return { default: () => <p>drawn</p> };
    });
    const Screen = lazyScreen(load, async () => ({}));
    Screen.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    online = true;
    await until(
      () => screen.getByText('drawn'),
      () => render(host(<Screen />)),
    );
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a screen that throws while drawing inside its boundary', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await i18n.changeLanguage('en-US');
    const Broken = () => {
      throw new Error('boom');
    };
    render(
      <div>
        <p>the frame</p>
        {host(<Broken />)}
      </div>,
    );
    await until(() => screen.getByTestId('screen-failed'));
    expect(screen.getByTestId('screen-failed').textContent).toContain('Something went wrong');
    expect(screen.getByText('the frame')).toBeTruthy();
    error.mockRestore();
  });
});
