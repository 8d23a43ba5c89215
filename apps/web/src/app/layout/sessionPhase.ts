import type { SessionLimits } from '../../api/activity';

// Where a session stands, by its limits (the server's) and the last call a person made (api/activity.ts): the frame's
// warnings (SessionExpiry.tsx), decision 352.

// The server notes a call as activity at most once a minute (session.service.ts): its idle clock may have started up
// to a minute before the last call this browser saw.
const SERVER_TOUCH_MS = 60_000;
// Warnings come this long before the end: the idle one long enough to answer (WCAG 2.2.1 asks for 20 s at least),
// the fixed end's long enough to save a form.
const IDLE_WARNING_MS = 120_000;
const END_WARNING_MS = 5 * 60_000;

export type SessionPhase =
  | { kind: 'active'; next: number }
  | { kind: 'idleWarning'; endsAt: number }
  | { kind: 'endWarning'; endsAt: number }
  | { kind: 'ended' };

// Where the session stands at `now`, with when it next changes (`next`, while active). The idle end is taken early by
// the server's touch interval (at most half the limit), so the screen never says more time is left than there is.
export function sessionPhase(l: SessionLimits, last: number, now: number): SessionPhase {
  const idleMs = l.idleSeconds * 1000;
  const idleEnd = last + idleMs - Math.min(SERVER_TOUCH_MS, idleMs / 2);
  const end = Math.min(idleEnd, l.endsAt);
  if (now >= end) return { kind: 'ended' };
  const idleWarnAt = idleEnd - Math.min(IDLE_WARNING_MS, (idleEnd - last) / 2);
  const endWarnAt = l.endsAt - END_WARNING_MS;
  // The fixed end cannot be put off: when both are near, the sooner one is told.
  if (now >= endWarnAt && l.endsAt <= idleEnd) return { kind: 'endWarning', endsAt: l.endsAt };
  if (now >= idleWarnAt) return { kind: 'idleWarning', endsAt: idleEnd };
  if (now >= endWarnAt) return { kind: 'endWarning', endsAt: l.endsAt };
  return { kind: 'active', next: Math.min(idleWarnAt, endWarnAt) };
}
