import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { lazyScreen } from './lazyScreen';

describe('lazy screens and their strings', () => {
  it('loads a page bundle with its screen, not at boot, and registers it before the screen renders', async () => {
    expect(i18n.exists('application.newTitle')).toBe(false);
    let loaded = false;
    const Screen = lazyScreen(
      async () => {
        loaded = true;
        return { default: () => null };
      },
      () => import('../pages/application/locale'),
    );
    // React calls the loader when the screen first renders; the payload is the lazy component's init.
    const payload = (Screen as unknown as { _payload: { _result: () => Promise<unknown> } })._payload;
    await payload._result();
    expect(loaded).toBe(true);
    expect(i18n.t('application.newTitle', { lng: 'en-US' })).toBe('New application');
    expect(i18n.t('application.newTitle', { lng: 'zh-CN' })).toBe('新增留学申请');
  });
});
