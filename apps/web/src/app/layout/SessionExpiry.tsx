import { Suspense, useEffect, useState } from 'react';
import { lastActivity, limitsOutdated, sessionLimits } from '../../api/activity';
import { session } from '../../api/session';
import { useSession } from '../../stores/session';
import { sessionPhase, type SessionPhase } from './sessionPhase';
import { showExpiredDialog } from '../../api/client';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { lazyPart } from '../../components/lazyPart';

// The warning's code and strings load when a warning is first due, not with the first screen.
const SessionExpiryDialog = lazyPart(() => import('./SessionExpiryDialog'));

// How often the frame looks again: while a warning shows (its countdown, another tab's call that puts the end off),
// and at most this long otherwise (a computer that slept, a call in another tab).
const WARNING_TICK_MS = 1_000;
const ACTIVE_TICK_MS = 15_000;

// The session whose access this tab has read again since another tab signed in (once per session).
let reReadFor: string | null = null;

const phaseNow = (): SessionPhase | null => {
  const limits = sessionLimits();
  return limits ? sessionPhase(limits, lastActivity(), Date.now()) : null;
};

// WCAG 2.2.1: before the session's idle limit the member is asked whether to stay signed in, and before its fixed end
// told when it comes; when either passes, the server is told to close the session and the member to sign in again
// (decision 352).
export function SessionExpiry() {
  const [phase, setPhase] = useState<SessionPhase | null>(phaseNow);
  // The fixed end's notice, once closed, is not shown again for that end.
  const [endNoticeClosed, setEndNoticeClosed] = useState<number | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      // Another tab signed in again: this tab's limits are the old session's; the new one's are read (with its menu
      // and profile, which are the new session's too).
      const token = session.token();
      if (limitsOutdated() && token !== reReadFor) {
        reReadFor = token;
        void useSession.getState().refreshAccess();
      }
      const now = phaseNow();
      setPhase(now);
      if (now?.kind === 'ended') {
        void import('../../stores/accessCalls').then((calls) => calls.signOut({ background: true }));
        showExpiredDialog();
        return;
      }
      const wait =
        now === null
          ? ACTIVE_TICK_MS
          : now.kind === 'active'
            ? Math.min(ACTIVE_TICK_MS, now.next - Date.now())
            : WARNING_TICK_MS;
      timer = setTimeout(check, Math.max(wait, 0));
    };
    check();
    return () => clearTimeout(timer);
  }, []);

  if (!phase || (phase.kind !== 'idleWarning' && phase.kind !== 'endWarning')) return null;
  // (The end is worked out again from each profile read, to within a second or so.)
  if (phase.kind === 'endWarning' && endNoticeClosed !== null && Math.abs(endNoticeClosed - phase.endsAt) < 60_000)
    return null;
  return (
    // (Its code did not arrive: no warning, and the end comes with its own dialog.)
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <SessionExpiryDialog phase={phase} onEndNoticeClosed={() => setEndNoticeClosed(phase.endsAt)} />
      </Suspense>
    </ErrorBoundary>
  );
}
