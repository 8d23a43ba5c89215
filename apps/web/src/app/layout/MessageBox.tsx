import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useMessageBox } from './messageBox.api';
import { IconButton } from '../../components/IconButton';
import { useAllMessages } from '../../stores/messageBox';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { lazyPart } from '../../components/lazyPart';
import { PartFailed } from '../../components/PartFailed';
import { whenIdle } from '../../lib/whenIdle';
import { ScreenFailed } from '../../components/ScreenFailed';

// The panel and 'view more' load on first use (the panel once the browser is idle, or as soon as the pointer or the
// keyboard comes to the bell).
const MessageBoxPanel = lazyPart(() => import('./MessageBoxPanel'));
const AllMessages = lazyPart(() => import('./AllMessages'));

// The navbar's bell with the unread count; it opens the message box panel.
export function MessageBox() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const more = useAllMessages((s) => s.tab);
  const closeMore = useAllMessages((s) => s.close);
  const { data, refetch } = useMessageBox();
  const total = data ? data.unread.message + data.unread.notice + data.unread.todo : 0;
  const preload = MessageBoxPanel.preload;
  // The panel's code comes once the browser is idle after the first screen, if the pointer has not asked first.
  useEffect(() => whenIdle(preload), [preload]);
  // Keyboard (issue 42): the open box takes the focus (its active tab, once drawn), and when it closes (Escape, a
  // click outside, an item opened) with the focus inside it or lost, the focus goes back to the bell.
  const wasOpen = useRef(false);
  useEffect(() => {
    const bell = () => document.querySelector<HTMLElement>('[data-testid="box-bell"]');
    if (open) {
      wasOpen.current = true;
      let frame = 0;
      let tries = 0;
      const focusTab = () => {
        const tab = document.querySelector<HTMLElement>(
          '[data-testid="message-box"] .ant-tabs-tab-active [role="tab"]',
        );
        if (tab) tab.focus();
        else if (tries++ < 120) frame = requestAnimationFrame(focusTab);
      };
      frame = requestAnimationFrame(focusTab);
      return () => cancelAnimationFrame(frame);
    }
    if (wasOpen.current) {
      wasOpen.current = false;
      const active = document.activeElement;
      if (!active || active === document.body || active.closest('[data-testid="message-box"]')) bell()?.focus();
    }
    return undefined;
  }, [open]);

  return (
    <>
      <Popover
        content={
          <ErrorBoundary fallback={(error, retry) => <ScreenFailed error={error} retry={retry} />}>
            <Suspense
              fallback={
                <div className="box-panel" data-testid="message-box-loading">
                  <Spin />
                </div>
              }
            >
              <MessageBoxPanel onClose={() => setOpen(false)} />
            </Suspense>
          </ErrorBoundary>
        }
        trigger="click"
        open={open}
        onOpenChange={(isOpen) => {
          setOpen(isOpen);
          // Opening the box reads it again: a message that arrived since the last read (a finished export's, say)
          // is there at once, not after the minute's poll or the list's 30 s of freshness.
          if (isOpen) void refetch();
        }}
        placement="bottomRight"
        arrow={false}
      >
        <Badge count={total} size="small" offset={[-4, 4]} onPointerEnter={preload} onFocus={preload}>
          <IconButton icon={<BellOutlined />} label={t('frame.box.title')} testId="box-bell" />
        </Badge>
      </Popover>
      {more && (
        <ErrorBoundary fallback={() => <PartFailed onClose={closeMore} />}>
          <Suspense fallback={null}>
            <AllMessages open onClose={closeMore} initialTab={more} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
