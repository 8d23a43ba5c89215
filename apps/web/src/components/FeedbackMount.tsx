import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { feedbackLoadFailed, isFeedbackWanted, subscribeFeedbackWanted, wantFeedback } from '../lib/feedback';
import { whenIdle } from '../lib/whenIdle';

// Where toasts and dialogs are drawn (inside AntdProviders). The host loads once the browser is idle after the
// first screen, or at once when something asks to show a toast or a dialog before that (lib/feedback.ts). Loaded
// by hand, not with React.lazy: a chunk that did not arrive leaves the page as it is and is asked for again at
// the next toast, where React.lazy would throw into the frame and keep the failure for good.
export function FeedbackMount() {
  const wanted = useSyncExternalStore(subscribeFeedbackWanted, isFeedbackWanted);
  const [Host, setHost] = useState<ComponentType | null>(null);
  // After a failed load, only a call asks again (no retry at every idle moment against a chunk that is gone).
  const [failed, setFailed] = useState(false);
  useEffect(() => (wanted || failed ? undefined : whenIdle(wantFeedback)), [wanted, failed]);
  useEffect(() => {
    if (!wanted || Host) return;
    let live = true;
    import('./FeedbackHost').then(
      (m) => live && setHost(() => m.default),
      () => {
        if (!live) return;
        setFailed(true);
        feedbackLoadFailed();
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, Host]);
  return Host ? <Host /> : null;
}
