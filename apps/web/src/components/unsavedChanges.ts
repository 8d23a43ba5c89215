import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation } from 'react-router';
import { App } from 'antd';

// Screens holding unsaved changes, by their own full path (path + query, the identity of a tab), each with the
// question to ask before its changes are thrown away.
const unsaved = new Map<string, () => Promise<boolean>>();

// Asks, for each of these screens that holds unsaved changes, whether to discard them; true when all may go.
// The tab bar calls it before closing tabs.
export async function confirmDiscard(paths: readonly string[]): Promise<boolean> {
  for (const path of paths) {
    const ask = unsaved.get(path);
    if (ask && !(await ask())) return false;
  }
  return true;
}

// Warns about unsaved changes while `dirty` (model: refine's useWarnAboutChange): a route change away from this
// screen asks first, closing its tab asks first (confirmDiscard), and closing or reloading the browser tab gets the
// browser's own prompt. Call from a screen component; the location is the screen's own (keep-alive tabs).
// Returns `release`: call it right before navigating away on purpose (after a save) so the guard lets it pass.
export function useUnsavedChangesGuard(dirty: boolean): () => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const location = useLocation();
  const key = location.pathname + location.search;
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: t('common.unsavedTitle'),
          content: t('common.unsavedText'),
          okText: t('common.leave'),
          cancelText: t('common.stay'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );

  // Only the screen on view guards navigation: a hidden tab with changes keeps them while another tab is used.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const from = currentLocation.pathname + currentLocation.search;
    return dirtyRef.current && from === key && from !== nextLocation.pathname + nextLocation.search;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void ask().then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, ask]);

  useEffect(() => {
    if (!dirty) return;
    unsaved.set(key, ask);
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => {
      if (unsaved.get(key) === ask) unsaved.delete(key);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [dirty, key, ask]);

  return useCallback(() => {
    dirtyRef.current = false;
  }, []);
}
