import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { portalHistory } from '../navigation/history';
import { dialog } from '../lib/feedback';

// Screens holding unsaved changes, by their own full path (path + query, the identity of a tab), each with the
// question to ask before its changes are thrown away.
// Discarding releases the screen's guard, so the navigation away from a closed tab does not ask again.
const unsaved = new Map<string, { dirty: () => boolean; ask: () => Promise<boolean>; release: () => void }>();

// Asks, for each of these screens that holds unsaved changes, whether to discard them; true when all may go.
// The tab bar calls it before closing tabs.
export async function confirmDiscard(paths: readonly string[]): Promise<boolean> {
  for (const path of paths) {
    const screen = unsaved.get(path);
    if (!screen?.dirty()) continue;
    if (!(await screen.ask())) return false;
    screen.release();
  }
  return true;
}

// Warns about unsaved changes while `dirty` (model: refine's useWarnAboutChange): a route change away from this
// screen asks first, closing its tab asks first (confirmDiscard), and closing or reloading the browser tab gets the
// browser's own prompt. Call from a screen component; the location is the screen's own (keep-alive tabs).
// Returns `release`: call it right before navigating away on purpose (after a save) so the guard lets it pass.
export function useUnsavedChangesGuard(dirty: boolean): () => void {
  const { t } = useTranslation();
  const location = useLocation();
  const key = location.pathname + location.search;
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        dialog.confirm({
          title: t('common.unsavedTitle'),
          content: t('common.unsavedText'),
          okText: t('common.leave'),
          cancelText: t('common.stay'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [t],
  );

  // Only the screen on view guards navigation: a hidden tab with changes keeps them while another tab is used.
  useEffect(
    () => portalHistory.guard((from, to) => (dirtyRef.current && from === key && from !== to ? ask() : true)),
    [key, ask],
  );

  const release = useCallback(() => {
    dirtyRef.current = false;
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const screen = { dirty: () => dirtyRef.current, ask, release };
    unsaved.set(key, screen);
    const onUnload = (e: BeforeUnloadEvent) => {
      // Browsers show their own "leave site?" prompt once the event is cancelled.
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => {
      if (unsaved.get(key) === screen) unsaved.delete(key);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [dirty, key, ask, release]);

  return release;
}
