import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { isFeedbackWanted, subscribeFeedbackWanted, wantFeedback } from '../lib/feedback';
import { whenIdle } from '../lib/whenIdle';

const FeedbackHost = lazy(() => import('./FeedbackHost'));

// Where toasts and dialogs are drawn (inside AntdProviders). The host loads once the browser is idle after the
// first screen, or at once when something asks to show a toast or a dialog before that (lib/feedback.ts).
export function FeedbackMount() {
  const wanted = useSyncExternalStore(subscribeFeedbackWanted, isFeedbackWanted);
  useEffect(() => (wanted ? undefined : whenIdle(wantFeedback)), [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}
